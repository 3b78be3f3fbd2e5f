import java.util.Scanner;

public class Main {
    private static Scanner input = new Scanner(System.in);
    private static int total;
    private static StringBuilder result = new StringBuilder();

    public static void main(String[] args) {
        int value, max;
        max = input.nextInt();
        total = 0;

        for (value = 2; value <= max; value++) {
            if (check(value)) { result.append(value).append(' '); total++; }
        }

        System.out.println(result.toString().trim());
        System.out.println(total + " primes");
    }

    /*
     * checks whether a number is prime
     */
    static boolean check(int value) {
        int f;
        if (value < 2) { return false; }
        for (f = 2; f * f <= value; f++) { if (value % f == 0) { return false; } }
        return true;
    }
}
