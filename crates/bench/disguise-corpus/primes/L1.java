import java.util.Scanner;

/* Lab 4 - primes */
public class Main
{
    static boolean isPrime(int x)
    {
        if (x < 2) return false;
        // try every divisor up to the square root
        for (int d = 2; d * d <= x; d++)
            if (x % d == 0) return false;
        return true;
    }

    public static void main(String[] args)
    {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int count = 0;
        StringBuilder out = new StringBuilder();
        for (int x = 2; x <= n; x++)
            if (isPrime(x))
            {
                out.append(x).append(' ');   // collect the line
                count++;
            }
        System.out.println(out.toString().trim());
        System.out.println(count + " primes");
    }
}
