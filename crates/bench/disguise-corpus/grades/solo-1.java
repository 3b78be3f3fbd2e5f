import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        long total = 0;
        int max = -1;
        int pass = 0;
        int left = n;
        while (left > 0) {
            int s = sc.nextInt();
            total = total + s;
            max = s > max ? s : max;
            pass += s >= 50 ? 1 : 0;
            left--;
        }
        System.out.println(String.format("average %.2f", total * 1.0 / n));
        System.out.println("best " + max);
        System.out.println("passed " + pass + " of " + n);
    }
}
