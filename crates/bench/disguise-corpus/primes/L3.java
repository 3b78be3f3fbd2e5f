import java.util.Scanner;

/* Lab 4 - primes */
public class Main
{
    public static void main(String[] args)
    {
        int found = 0;
        StringBuilder line = new StringBuilder();
        Scanner reader = new Scanner(System.in);
        int limit = reader.nextInt();
        for (int num = 2; num <= limit; num++)
            if (prime(num))
            {
                line.append(num).append(' ');   // collect the line
                found++;
            }
        System.out.println(line.toString().trim());
        System.out.println(found + " primes");
    }

    static boolean prime(int num)
    {
        int div;
        if (num < 2) return false;
        // try every divisor up to the square root
        for (div = 2; div * div <= num; div++)
            if (num % div == 0) return false;
        return true;
    }
}
