import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static double average(int[] a) {
        int s = 0;
        for (int x : a) s += x;
        return (double) s / a.length;
    }

    static int maximum(int[] a) {
        int m = a[0];
        for (int i = 1; i < a.length; i++)
            if (a[i] > m) m = a[i];
        return m;
    }

    static int countAtLeast(int[] a, int limit) {
        int c = 0;
        for (int x : a)
            if (x >= limit) c++;
        return c;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer st = new StringTokenizer(br.readLine());
        int n = Integer.parseInt(st.nextToken());
        int[] a = new int[n];
        int read = 0;
        while (read < n) {
            if (!st.hasMoreTokens()) st = new StringTokenizer(br.readLine());
            a[read++] = Integer.parseInt(st.nextToken());
        }
        System.out.printf("average %.2f%n", average(a));
        System.out.printf("best %d%n", maximum(a));
        System.out.printf("passed %d of %d%n", countAtLeast(a, 50), n);
    }
}
