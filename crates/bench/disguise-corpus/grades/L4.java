import java.util.Scanner;

/**
 * Exercise 3: statistics of a list of exam scores.
 */
public class Main
{
  static final int PASS_MARK = 50;

  static int[] readMarks(Scanner sc)
  {
    int count = sc.nextInt();          // how many marks
    int[] marks = new int[count];
    for (int k = 0; k < count; k++)
      marks[k] = sc.nextInt();
    return marks;
  }

  public static void main(String[] args)
  {
    int total = 0, ok = 0;
    double mean;
    Scanner sc = new Scanner(System.in);
    int[] marks = readMarks(sc);
    int count = marks.length;

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
    report(mean, highest, ok, count);
  }

  static void report(double mean, int highest, int ok, int count)
  {
    System.out.printf("average %.2f%n", mean);
    System.out.println("best " + highest);
    System.out.println("passed " + ok + " of " + count);
  }
}
