import java.util.Scanner;

public class Main {
    static boolean check(String s, int i, int j) {
        while (i < j && !Character.isLetter(s.charAt(i))) i++;
        while (i < j && !Character.isLetter(s.charAt(j))) j--;
        if (i >= j) return true;
        if (Character.toLowerCase(s.charAt(i)) != Character.toLowerCase(s.charAt(j))) return false;
        return check(s, i + 1, j - 1);
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int count = 0, n = 0;
        while (sc.hasNextLine()) {
            String line = sc.nextLine();
            n++;
            if (line.isEmpty() || check(line, 0, line.length() - 1)) {
                count++;
                System.out.println("yes");
            } else {
                System.out.println("no");
            }
        }
        System.out.println(count + " of " + n);
    }
}
