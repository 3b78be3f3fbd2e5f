import java.util.Scanner;

public class Main {
    private static Scanner input = new Scanner(System.in);
    private static int total;
    private static String result = "";

    public static void main(String[] args) {
        int max = input.nextInt();
        total = 0;
        scan(max);
        print();
    }

    static void scan(int max) {
        for (int value = max; value >= 2; value--) {
            if (check(value) == true) { add(value); }
        }
    }

    static void add(int value) {
        result = value + " " + result;
        total = total + 1;
    }

    static void print() {
        System.out.println(result.trim());
        System.out.println(String.valueOf(total) + " primes");
    }

    /*
     * checks whether a number is prime
     */
    static boolean check(int value) {
        boolean prime = value > 1;
        int f = 2;
        while (prime && f <= Math.sqrt(value)) {
            prime = value % f != 0;
            f = f + 1;
        }
        return prime;
    }
}
