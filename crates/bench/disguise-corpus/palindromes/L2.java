import java.util.Scanner;

// Palindrome checker (assignment 5)
public class Main {
  public static void main(String[] args) {
    Scanner scan = new Scanner(System.in);
    int hits = 0;
    int total = 0;

    while (scan.hasNextLine()) {
      String text = scan.nextLine();

      // keep the letters only, in lower case
      String clean = "";
      for (int j = 0; j < text.length(); j++) {
        char ch = text.charAt(j);
        if (Character.isLetter(ch)) clean += Character.toLowerCase(ch);
      }

      // compare from both ends
      boolean equal = true;
      int lo = 0;
      int hi = clean.length() - 1;
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
