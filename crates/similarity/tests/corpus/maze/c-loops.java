import java.io.*;
import java.util.*;

/**
 * Moving maze, BFS.
 */
public class Main
{
    static final long M = 1000000007L;

    public static void main(String[] argv) throws IOException
    {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer tok = new StringTokenizer(reader.readLine());
        int rows = Integer.parseInt(tok.nextToken());
        int cols = Integer.parseInt(tok.nextToken());
        char[][] maze = new char[rows][];
        int from = -1, to = -1;
        int a = 0;
        while (a < rows)
        {
            maze[a] = reader.readLine().trim().toCharArray();
            int b = 0;
            while (b < cols)
            {
                char ch = maze[a][b];
                if (ch == 'S')
                    from = a * cols + b;
                else if (ch == 'E')
                    to = a * cols + b;
                b++;
            }
            a++;
        }
        int[] level = new int[rows * cols];
        long[] cnt = new long[rows * cols];
        Arrays.fill(level, -1);
        int[] q = new int[rows * cols];
        int qh = 0, qt = 0;
        q[qt] = from;
        qt = qt + 1;
        level[from] = 0;
        cnt[from] = 1;
        int[] ox = {-1, 1, 0, 0};
        int[] oy = {0, 0, -1, 1};
        while (qh != qt)
        {
            int cur = q[qh];
            qh = qh + 1;
            int x = cur / cols, y = cur % cols;
            for (int k = 0; k < 4; k++)
            {
                int tx = x + ox[k], ty = y + oy[k];
                if (tx >= 0 && ty >= 0 && tx < rows && ty < cols && maze[tx][ty] != '#')
                {
                    int nxt = tx * cols + ty;
                    if (level[nxt] == -1)
                    {
                        level[nxt] = level[cur] + 1;
                        cnt[nxt] = cnt[cur];
                        q[qt] = nxt;
                        qt = qt + 1;
                    }
                    else if (level[nxt] == level[cur] + 1)
                    {
                        cnt[nxt] += cnt[cur];
                        cnt[nxt] %= M;
                    }
                }
            }
        }
        if (level[to] == -1)
        {
            System.out.println("-1");
        }
        else
        {
            char[] abc = {'U', 'D', 'L', 'R'};
            char[] path = new char[level[to]];
            int at = to;
            int step = level[to] - 1;
            while (step >= 0)
            {
                int x = at / cols, y = at % cols;
                for (int k = 0; k < 4; k++)
                {
                    int px = x - ox[k], py = y - oy[k];
                    if (px >= 0 && py >= 0 && px < rows && py < cols)
                    {
                        int prev = px * cols + py;
                        if (level[prev] == level[at] - 1)
                        {
                            path[step] = abc[k];
                            at = prev;
                            break;
                        }
                    }
                }
                step--;
            }
            System.out.print(level[to] + "\n" + cnt[to] + "\n" + new String(path) + "\n");
        }
    }
}
