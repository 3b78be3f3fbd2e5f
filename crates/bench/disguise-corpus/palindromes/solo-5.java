import java.util.Scanner;

public class Main {
    static String onlyLetters(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (Character.isLetter(c)) b.append(Character.toLowerCase(c));
        }
        return b.toString();
    }

    static boolean mirrored(String s) {
        int n = s.length();
        for (int i = 0; i < n / 2; i++) {
            if (s.charAt(i) != s.charAt(n - 1 - i)) return false;
        }
        return true;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int yes = 0;
        int lines = 0;
        while (in.hasNextLine()) {
            boolean ok = mirrored(onlyLetters(in.nextLine()));
            lines++;
            if (ok) yes++;
            System.out.println(ok ? "yes" : "no");
        }
        System.out.println(yes + " of " + lines);
    }
}
