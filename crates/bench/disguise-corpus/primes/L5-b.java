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
        int value = 2;
        while (value <= max) {
            if (check(value) == true) { add(value); }
            value += 1;
        }
    }

    static void add(int value) {
        result = result + value + " ";
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
        int f = 2;
        if (value <= 1) { return false; }
        while (f <= Math.sqrt(value)) {
            if (value % f == 0) { return false; }
            f = f + 1;
        }
        return true;
    }
}
