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
            boolean prime = num >= 2;
            // try every divisor up to the square root
            while (div * div <= num)
            {
                if (num % div == 0) prime = false;
                div += 1;
            }
            if (prime)
            {
                line.append(num + " ");   // collect the line
                found = found + 1;
            }
            num += 1;
        }
        return found;
    }
}
