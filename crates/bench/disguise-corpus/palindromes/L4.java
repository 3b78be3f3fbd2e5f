import java.util.Scanner;

// Palindrome checker (assignment 5)
public class Main {
  static String lettersOf(String text) {
    // keep the letters only, in lower case
    String clean = "";
    for (int j = 0; j < text.length(); j++) {
      char ch = text.charAt(j);
      if (Character.isLetter(ch)) clean += Character.toLowerCase(ch);
    }
    return clean;
  }

  static boolean isPalindrome(String clean) {
    int lo, hi;
    // compare from both ends
    lo = 0;
    hi = clean.length() - 1;
    while (lo < hi) {
      if (clean.charAt(lo) != clean.charAt(hi)) return false;
      lo++;
      hi--;
    }
    return true;
  }

  public static void main(String[] args) {
    int hits = 0, total = 0;
    String text;
    Scanner scan = new Scanner(System.in);

    while (scan.hasNextLine()) {
      text = scan.nextLine();
      if (isPalindrome(lettersOf(text))) { System.out.println("yes"); hits++; }
      else System.out.println("no");
      total++;
    }
    System.out.println(hits + " of " + total);
  }
}
