import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        int found = 0;
        StringBuilder sb = new StringBuilder();
        outer:
        for (int number = 2; number <= n; number++) {
            for (int f = 2; f < number; f++) {
                if (number % f == 0) {
                    continue outer;
                }
            }
            if (found > 0) sb.append(' ');
            sb.append(number);
            found++;
        }
        System.out.println(sb.toString());
        System.out.println(found + " primes");
    }
}
