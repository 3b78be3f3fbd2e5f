import java.io.*;
import java.util.*;

/**
 * Moving maze. Breadth first search, counting the number of shortest
 * routes modulo 10^9+7.
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
        for (int a = 0; a < rows; a++)
        {
            maze[a] = reader.readLine().trim().toCharArray();
            for (int b = 0; b < cols; b++)
            {
                if (maze[a][b] == 'S')
                    from = a * cols + b;
                if (maze[a][b] == 'E')
                    to = a * cols + b;
            }
        }
        int[] level = new int[rows * cols];
        long[] cnt = new long[rows * cols];
        Arrays.fill(level, -1);
        int[] q = new int[rows * cols];
        int qh = 0, qt = 0;
        q[qt++] = from;
        level[from] = 0;
        cnt[from] = 1;
        int[] ox = {-1, 1, 0, 0};
        int[] oy = {0, 0, -1, 1};
        // main loop
        while (qh < qt)
        {
            int cur = q[qh++];
            int x = cur / cols, y = cur % cols;
            for (int k = 0; k < 4; k++)
            {
                int tx = x + ox[k], ty = y + oy[k];
                if (tx < 0 || ty < 0 || tx >= rows || ty >= cols || maze[tx][ty] == '#')
                    continue;
                int nxt = tx * cols + ty;
                if (level[nxt] < 0)
                {
                    level[nxt] = level[cur] + 1;
                    cnt[nxt] = cnt[cur];
                    q[qt++] = nxt;
                }
                else if (level[nxt] == level[cur] + 1)
                {
                    cnt[nxt] = (cnt[nxt] + cnt[cur]) % M;
                }
            }
        }
        if (level[to] < 0)
        {
            System.out.println(-1);
            return;
        }
        char[] abc = {'U', 'D', 'L', 'R'};
        char[] path = new char[level[to]];
        int at = to;
        for (int step = level[to] - 1; step >= 0; step--)
        {
            int x = at / cols, y = at % cols;
            for (int k = 0; k < 4; k++)
            {
                int px = x - ox[k], py = y - oy[k];
                if (px < 0 || py < 0 || px >= rows || py >= cols)
                    continue;
                int prev = px * cols + py;
                if (level[prev] == level[at] - 1)
                {
                    path[step] = abc[k];
                    at = prev;
                    break;
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(level[to]).append('\n').append(cnt[to]).append('\n').append(path).append('\n');
        System.out.print(sb);
    }
}
