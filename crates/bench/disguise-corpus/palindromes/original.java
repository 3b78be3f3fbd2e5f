import java.util.Scanner;

public class Main {
    // For each line: is it a palindrome, ignoring case and everything but letters?
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int palindromes = 0;
        int lines = 0;
        while (in.hasNextLine()) {
            String line = in.nextLine();
            String letters = "";
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (Character.isLetter(c)) {
                    letters += Character.toLowerCase(c);
                }
            }
            boolean same = true;
            int left = 0;
            int right = letters.length() - 1;
            while (left < right) {
                if (letters.charAt(left) != letters.charAt(right)) {
                    same = false;
                    break;
                }
                left++;
                right--;
            }
            if (same) {
                System.out.println("yes");
                palindromes++;
            } else {
                System.out.println("no");
            }
            lines++;
        }
        System.out.println(palindromes + " of " + lines);
    }
}
