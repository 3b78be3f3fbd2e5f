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
    boolean result = true;
    // compare from both ends until a mismatch
    for (lo = 0, hi = clean.length() - 1; lo < hi && result; lo += 1, hi -= 1) {
      result = clean.charAt(lo) == clean.charAt(hi);
    }
    return result;
  }

  public static void main(String[] args) {
    int hits = 0, total = 0;
    String text;
    Scanner scan = new Scanner(System.in);

    for (;;) {
      if (!scan.hasNextLine()) break;
      text = scan.nextLine();
      total = total + 1;
      if (!isPalindrome(lettersOf(text))) {
        System.out.println("no");
      } else {
        System.out.println("yes");
        hits = hits + 1;
      }
    }
    System.out.println(hits + " of " + total);
  }
}
