import java.io.*;

/* Pixel placement. */
public class Main
{
    static int rows, cols;
    static char[][] hint;
    static int[][] pix;
    static int[][] on, open;

    static boolean feasible(int x, int y)
    {
        int a = x - 1;
        while (a <= x + 1)
        {
            int b = y - 1;
            while (b <= y + 1)
            {
                if (a >= 0 && b >= 0 && a < rows && b < cols && hint[a][b] != '_')
                {
                    int want = hint[a][b] - '0';
                    if (!(on[a][b] <= want && want <= on[a][b] + open[a][b]))
                        return false;
                }
                b++;
            }
            a++;
        }
        return true;
    }

    static void apply(int x, int y, int val, int dir)
    {
        for (int a = x - 1; a <= x + 1; a++)
        {
            for (int b = y - 1; b <= y + 1; b++)
            {
                if (a >= 0 && b >= 0 && a < rows && b < cols)
                {
                    open[a][b] = open[a][b] - dir;
                    on[a][b] = on[a][b] + dir * val;
                }
            }
        }
    }

    static boolean place(int idx)
    {
        if (idx >= rows * cols)
            return true;
        int x = idx / cols, y = idx % cols;
        int val = 0;
        while (val < 2)
        {
            pix[x][y] = val;
            apply(x, y, val, 1);
            if (feasible(x, y))
            {
                if (place(idx + 1))
                    return true;
            }
            apply(x, y, val, -1);
            val++;
        }
        return false;
    }

    public static void main(String[] args) throws IOException
    {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        String[] head = br.readLine().trim().split(" ");
        rows = Integer.parseInt(head[0]);
        cols = Integer.parseInt(head[1]);
        hint = new char[rows][];
        for (int a = 0; a < rows; a++)
            hint[a] = br.readLine().trim().toCharArray();
        pix = new int[rows][cols];
        on = new int[rows][cols];
        open = new int[rows][cols];
        for (int a = 0; a < rows; a++)
            for (int b = 0; b < cols; b++)
                for (int p = a - 1; p <= a + 1; p++)
                    for (int q = b - 1; q <= b + 1; q++)
                        if (p >= 0 && q >= 0 && p < rows && q < cols)
                            open[a][b] += 1;
        place(0);
        StringBuilder sb = new StringBuilder();
        for (int a = 0; a < rows; a++)
        {
            for (int b = 0; b < cols; b++)
                sb.append(pix[a][b]);
            sb.append('\n');
        }
        System.out.print(sb);
    }
}
