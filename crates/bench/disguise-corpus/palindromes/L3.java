import java.util.Scanner;

// Palindrome checker (assignment 5)
public class Main {
  public static void main(String[] args) {
    int hits = 0, total = 0;
    int lo, hi;
    boolean equal;
    String text, clean;
    Scanner scan = new Scanner(System.in);

    while (scan.hasNextLine()) {
      text = scan.nextLine();

      // keep the letters only, in lower case
      clean = "";
      for (int j = 0; j < text.length(); j++) {
        char ch = text.charAt(j);
        if (Character.isLetter(ch)) clean += Character.toLowerCase(ch);
      }

      // compare from both ends
      equal = true;
      lo = 0;
      hi = clean.length() - 1;
      while (lo < hi) {
        if (clean.charAt(lo) != clean.charAt(hi)) { equal = false; break; }
        lo++;
        hi--;
      }

      if (equal) { System.out.println("yes"); hits++; }
      else System.out.println("no");
      total++;
    }
    System.out.println(hits + " of " + total);
  }
}
