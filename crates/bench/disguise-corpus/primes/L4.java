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
        for (int num = 2; num <= limit; num++)
        {
            int div;
            boolean prime = num >= 2;
            // try every divisor up to the square root
            for (div = 2; div * div <= num; div++)
                if (num % div == 0) prime = false;
            if (prime)
            {
                line.append(num).append(' ');   // collect the line
                found++;
            }
        }
        return found;
    }
}
