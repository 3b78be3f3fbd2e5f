import java.util.Scanner;

/**
 * Exercise 3: statistics of a list of exam scores.
 */
public class Main
{
  static final int PASS_MARK = 50;

  public static void main(String[] args)
  {
    int total = 0, ok = 0;
    double mean;
    Scanner sc = new Scanner(System.in);
    int count = sc.nextInt();          // how many marks
    int[] marks = new int[count];
    // read them all first
    for (int k = 0; k < count; k++)
      marks[k] = sc.nextInt();

    int highest = marks[0];
    // one pass over the marks
    for (int k = 0; k < count; k++)
    {
      total += marks[k];
      if (marks[k] > highest)
        highest = marks[k];
      if (marks[k] >= PASS_MARK)
        ok++;
    }
    mean = (double) total / count;
    System.out.printf("average %.2f%n", mean);
    System.out.println("best " + highest);
    System.out.println("passed " + ok + " of " + count);
  }
}
