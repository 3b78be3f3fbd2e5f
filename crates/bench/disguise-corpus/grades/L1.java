import java.util.Scanner;

/**
 * Exercise 3: statistics of a list of exam scores.
 */
public class Main
{
  public static void main(String[] args)
  {
    Scanner in = new Scanner(System.in);
    int n = in.nextInt();          // how many scores
    int[] scores = new int[n];
    // read them all first
    for (int i = 0; i < n; i++)
      scores[i] = in.nextInt();

    int sum = 0;
    int best = scores[0];
    int passed = 0;
    // one pass over the scores
    for (int i = 0; i < n; i++)
    {
      sum += scores[i];
      if (scores[i] > best)
        best = scores[i];
      if (scores[i] >= 50)
        passed++;
    }
    double average = (double) sum / n;
    System.out.printf("average %.2f%n", average);
    System.out.println("best " + best);
    System.out.println("passed " + passed + " of " + n);
  }
}
