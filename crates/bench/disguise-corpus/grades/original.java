import java.util.Scanner;

public class Main {
    // Reads n scores and reports the average, the best score and how many passed.
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int[] scores = new int[n];
        for (int i = 0; i < n; i++) {
            scores[i] = in.nextInt();
        }
        int sum = 0;
        int best = scores[0];
        int passed = 0;
        for (int i = 0; i < n; i++) {
            sum += scores[i];
            if (scores[i] > best) {
                best = scores[i];
            }
            if (scores[i] >= 50) {
                passed++;
            }
        }
        double average = (double) sum / n;
        System.out.printf("average %.2f%n", average);
        System.out.println("best " + best);
        System.out.println("passed " + passed + " of " + n);
    }
}
