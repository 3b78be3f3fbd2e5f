import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        boolean[] composite = new boolean[n + 1];
        int primes = 0;
        String sep = "";
        for (int i = 2; i <= n; i++) {
            if (composite[i]) continue;
            System.out.print(sep + i);
            sep = " ";
            primes++;
            for (long j = (long) i * i; j <= n; j += i) composite[(int) j] = true;
        }
        System.out.println();
        System.out.println(primes + " primes");
    }
}
