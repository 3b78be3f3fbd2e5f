import java.util.Scanner;

public class Main {
    static int divisors(int k) {
        int c = 0;
        for (int i = 1; i <= k; i++) {
            if (k % i == 0) {
                c = c + 1;
            }
        }
        return c;
    }

    public static void main(String[] args) {
        Scanner s = new Scanner(System.in);
        int max = s.nextInt();
        String result = "";
        int total = 0;
        int k = 1;
        while (k < max) {
            k = k + 1;
            if (divisors(k) == 2) {
                if (total > 0) {
                    result = result + " ";
                }
                result = result + k;
                total = total + 1;
            }
        }
        System.out.println(result);
        System.out.println(total + " primes");
    }
}
