import java.util.Scanner;

/**
 * Exercise 3: statistics of a list of exam scores.
 */
public class Main
{
  public static void main(String[] args)
  {
    Scanner sc = new Scanner(System.in);
    int count = sc.nextInt();          // how many marks
    int[] marks = new int[count];
    // read them all first
    for (int k = 0; k < count; k++)
      marks[k] = sc.nextInt();

    int total = 0;
    int highest = marks[0];
    int ok = 0;
    // one pass over the marks
    for (int k = 0; k < count; k++)
    {
      total += marks[k];
      if (marks[k] > highest)
        highest = marks[k];
      if (marks[k] >= 50)
        ok++;
    }
    double mean = (double) total / count;
    System.out.printf("average %.2f%n", mean);
    System.out.println("best " + highest);
    System.out.println("passed " + ok + " of " + count);
  }
}
