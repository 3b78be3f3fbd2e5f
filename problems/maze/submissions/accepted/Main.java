// Accepted: BFS from S with shortest-route counting modulo 1e9+7 on a padded flat grid,
// then one route read backwards from E. O(n*m); the input is read as raw bytes because a
// 1000 x 1000 maze is a megabyte.
import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in, 1 << 16));
        byte[] all = in.readAllBytes();
        int p = 0;
        int[] nm = new int[2];
        for (int k = 0; k < 2; k++) {
            while (all[p] < '0' || all[p] > '9') p++;
            int x = 0;
            while (p < all.length && all[p] >= '0' && all[p] <= '9') x = x * 10 + (all[p++] - '0');
            nm[k] = x;
        }
        int n = nm[0], m = nm[1], w = m + 2;
        boolean[] open = new boolean[(n + 2) * w];
        int s = 0, e = 0;
        for (int r = 0; r < n; r++) {
            while (all[p] == ' ' || all[p] == '\n' || all[p] == '\r') p++;
            for (int c = 0; c < m; c++) {
                byte b = all[p++];
                int id = (r + 1) * w + c + 1;
                open[id] = b != '#';
                if (b == 'S') s = id;
                else if (b == 'E') e = id;
            }
        }
        int[] off = {-w, w, -1, 1};
        char[] letter = {'U', 'D', 'L', 'R'};
        int[] dist = new int[open.length];
        java.util.Arrays.fill(dist, -1);
        int[] cnt = new int[open.length];
        int[] queue = new int[n * m];
        int head = 0, tail = 0;
        dist[s] = 0;
        cnt[s] = 1;
        queue[tail++] = s;
        while (head < tail) {
            int u = queue[head++];
            for (int k = 0; k < 4; k++) {
                int v = u + off[k];
                if (!open[v]) continue;
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    cnt[v] = cnt[u];
                    queue[tail++] = v;
                } else if (dist[v] == dist[u] + 1) {
                    cnt[v] = (int) ((cnt[v] + (long) cnt[u]) % 1000000007L);
                }
            }
        }
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        if (dist[e] < 0) {
            out.println(-1);
        } else {
            int len = dist[e];
            char[] route = new char[len];
            int v = e;
            for (int i = len - 1; i >= 0; i--) {
                for (int k = 0; k < 4; k++) {
                    int u = v - off[k];
                    if (open[u] && dist[u] == dist[v] - 1) {
                        route[i] = letter[k];
                        v = u;
                        break;
                    }
                }
            }
            out.println(len);
            out.println(cnt[e]);
            out.println(new String(route));
        }
        out.flush();
    }
}
