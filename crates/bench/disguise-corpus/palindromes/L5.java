import java.util.Scanner;

// Palindrome checker (assignment 5)
public class Main {
  static String lettersOf(String text) {
    // keep the letters only, in lower case
    StringBuilder clean = new StringBuilder();
    int j = 0;
    while (j < text.length()) {
      char ch = text.charAt(j);
      if (Character.isLetter(ch)) clean.append(Character.toLowerCase(ch));
      j += 1;
    }
    return clean.toString();
  }

  static boolean isPalindrome(String clean) {
    int lo, hi;
    // compare from both ends
    for (lo = 0, hi = clean.length() - 1; lo < hi; lo += 1, hi -= 1) {
      if (clean.charAt(lo) != clean.charAt(hi)) return false;
    }
    return true;
  }

  public static void main(String[] args) {
    int hits = 0, total = 0;
    String text;
    Scanner scan = new Scanner(System.in);

    while (scan.hasNextLine()) {
      text = scan.nextLine();
      boolean yes = isPalindrome(lettersOf(text));
      System.out.println(yes ? "yes" : "no");
      if (yes) hits = hits + 1;
      total = total + 1;
    }
    System.out.println(hits + " of " + total);
  }
}
