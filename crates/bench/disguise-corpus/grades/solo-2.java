import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        int amount = scanner.nextInt();
        List<Integer> results = new ArrayList<>();
        for (int i = 0; i < amount; i++) {
            results.add(scanner.nextInt());
        }
        double sum = 0;
        for (int r : results) {
            sum += r;
        }
        int passing = 0;
        for (int r : results) {
            if (r >= 50) passing++;
        }
        System.out.printf("average %.2f\n", sum / results.size());
        System.out.println("best " + Collections.max(results));
        System.out.println("passed " + passing + " of " + results.size());
    }
}
