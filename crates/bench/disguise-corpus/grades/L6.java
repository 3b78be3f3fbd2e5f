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
    int k = 0;
    while (k < count)
    {
      marks[k] = sc.nextInt();
      k = k + 1;
    }
    return marks;
  }

  public static void main(String[] args)
  {
    int total = 0, ok = 0;
    double mean;
    Scanner sc = new Scanner(System.in);
    int[] marks = readMarks(sc);
    int count = marks.length;

    int highest = Integer.MIN_VALUE;
    // one pass over the marks, from the back
    int k = count - 1;
    do
    {
      total = total + marks[k];
      highest = Math.max(highest, marks[k]);
      if (marks[k] < PASS_MARK)
      {
        k--;
        continue;
      }
      ok += 1;
      k--;
    } while (k >= 0);
    mean = total / (double) count;
    report(mean, highest, ok, count);
  }

  static void report(double mean, int highest, int ok, int count)
  {
    System.out.printf("average %.2f%n", mean);
    System.out.println("best " + highest);
    System.out.println("passed " + ok + " of " + count);
  }
}
