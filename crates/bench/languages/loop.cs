public class Program
{
    public static void Main()
    {
        long n = long.Parse(System.Console.ReadLine().Trim());
        long s = 0;
        for (long i = 1; i <= n; i++) s = (s * 31 + i) % 1000003;
        System.Console.WriteLine(s);
    }
}
