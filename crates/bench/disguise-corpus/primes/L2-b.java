import java.util.Scanner;

public class Main {

    /*
     * checks whether a number is prime
     */
    static boolean check(int value) {
        if (value < 2) { return false; }
        for (int f = 2; f * f <= value; f++) { if (value % f == 0) { return false; } }
        return true;
    }

    public static void main(String[] args) {
        Scanner input = new Scanner(System.in);
        int max = input.nextInt();
        int total = 0;
        StringBuilder result = new StringBuilder();

        for (int value = 2; value <= max; value++) {
            if (check(value)) { result.append(value).append(' '); total++; }
        }

        System.out.println(result.toString().trim());
        System.out.println(total + " primes");
    }
}
