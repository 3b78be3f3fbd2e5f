import java.io.*;
import java.util.*;

public class Main {
    static final long MOD = 1_000_000_007L;
    static int n, m;
    static char[][] g;
    static int[] dist;
    static long[] ways;
    static int[] dr = {-1, 1, 0, 0};
    static int[] dc = {0, 0, -1, 1};

    static boolean blocked(int r, int c) {
        return r < 0 || c < 0 || r >= n || c >= m;
    }

    static String route(int e) {
        char[] letter = {'U', 'D', 'L', 'R'};
        char[] route = new char[dist[e]];
        int v = e;
        for (int k = dist[e] - 1; k >= 0; k--) {
            int r = v / m, c = v % m;
            for (int d = 0; d < 4; d++) {
                int pr = r - dr[d], pc = c - dc[d];
                if (blocked(pr, pc)) continue;
                int u = pr * m + pc;
                if (dist[u] == dist[v] - 1) {
                    route[k] = letter[d];
                    v = u;
                    break;
                }
            }
        }
        return new String(route);
    }

    static void search(int s) {
        dist = new int[n * m];
        ways = new long[n * m];
        Arrays.fill(dist, -1);
        int[] queue = new int[n * m];
        int head = 0, tail = 0;
        queue[tail++] = s;
        dist[s] = 0;
        ways[s] = 1;
        while (head < tail) {
            int u = queue[head++];
            int r = u / m, c = u % m;
            for (int d = 0; d < 4; d++) {
                int nr = r + dr[d], nc = c + dc[d];
                if (blocked(nr, nc) || g[nr][nc] == '#') continue;
                int v = nr * m + nc;
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    ways[v] = ways[u];
                    queue[tail++] = v;
                } else if (dist[v] == dist[u] + 1) {
                    ways[v] = (ways[v] + ways[u]) % MOD;
                }
            }
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer st = new StringTokenizer(in.readLine());
        n = Integer.parseInt(st.nextToken());
        m = Integer.parseInt(st.nextToken());
        g = new char[n][];
        int s = -1, e = -1;
        for (int i = 0; i < n; i++) {
            g[i] = in.readLine().trim().toCharArray();
            for (int j = 0; j < m; j++) {
                if (g[i][j] == 'S') s = i * m + j;
                if (g[i][j] == 'E') e = i * m + j;
            }
        }
        search(s);
        if (dist[e] < 0) {
            System.out.println(-1);
            return;
        }
        System.out.print(dist[e] + "\n" + ways[e] + "\n" + route(e) + "\n");
    }
}
