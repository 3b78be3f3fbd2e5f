import java.util.ArrayList;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        int limit = new Scanner(System.in).nextInt();
        ArrayList<Integer> list = new ArrayList<>();
        for (int candidate = 2; candidate <= limit; candidate++) {
            boolean ok = true;
            for (int p : list) {
                if (p * p > candidate) break;
                if (candidate % p == 0) {
                    ok = false;
                    break;
                }
            }
            if (ok) list.add(candidate);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) sb.append(" ");
            sb.append(list.get(i));
        }
        System.out.println(sb);
        System.out.println(list.size() + " primes");
    }
}
