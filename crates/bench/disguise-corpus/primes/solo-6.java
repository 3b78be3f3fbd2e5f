import java.util.Scanner;

public class Main {
    static boolean testPrime(int value) {
        if (value == 2) return true;
        if (value < 2 || value % 2 == 0) return false;
        int d = 3;
        while (d * d <= value) {
            if (value % d == 0) return false;
            d += 2;
        }
        return true;
    }

    public static void main(String[] args) {
        int limit = new Scanner(System.in).nextInt();
        int amount = 0;
        for (int v = 2; v <= limit; v++) {
            if (!testPrime(v)) continue;
            System.out.print(amount == 0 ? "" + v : " " + v);
            amount++;
        }
        System.out.println();
        System.out.println(amount + " primes");
    }
}
