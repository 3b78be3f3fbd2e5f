import java.util.Scanner;

/* Lab 4 - primes */
public class Main
{
    public static void main(String[] args)
    {
        StringBuilder line = new StringBuilder();
        Scanner reader = new Scanner(System.in);
        int limit = reader.nextInt();
        int found = collect(limit, line);
        System.out.println(line.toString().trim());
        System.out.println(found + " primes");
    }

    static int collect(int limit, StringBuilder line)
    {
        int found = 0;
        int num = 2;
        while (num <= limit)
        {
            int div = 2;
            boolean prime = true;
            // try every divisor up to the square root, stop at the first
            while (prime && div * div <= num)
            {
                prime = num % div != 0;
                div += 1;
            }
            if (!prime)
            {
                num += 1;
                continue;
            }
            line.append(num + " ");   // collect the line
            found = found + 1;
            num += 1;
        }
        return found;
    }
}
