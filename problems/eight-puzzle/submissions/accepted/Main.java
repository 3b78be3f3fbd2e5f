// Accepted: breadth-first search from the goal over states indexed by their permutation
// rank (Lehmer code): dist = moves to the goal, cnt = number of shortest sequences (at
// most 86). Unreached start: -1. The smallest sequence (D < L < R < U) greedily.
import java.io.*;
import java.util.*;

public class Main {
    static int rank(int[] s) {
        int r = 0;
        for (int i = 0; i < 9; i++) {
            int smaller = 0;
            for (int j = i + 1; j < 9; j++) if (s[j] < s[i]) smaller++;
            r = r * (9 - i) + smaller;
        }
        return r;
    }

    static int target(int b, int k) {
        switch (k) {
            case 0: return b < 6 ? b + 3 : -1;
            case 1: return b % 3 > 0 ? b - 1 : -1;
            case 2: return b % 3 < 2 ? b + 1 : -1;
            default: return b >= 3 ? b - 3 : -1;
        }
    }

    static int[] parse(String s) {
        int[] a = new int[9];
        for (int i = 0; i < 9; i++) a[i] = s.charAt(i) - '0';
        return a;
    }

    static int blankOf(int[] s) {
        for (int i = 0; i < 9; i++) if (s[i] == 0) return i;
        return -1;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer st = new StringTokenizer(in.readLine() + " " + in.readLine());
        int[] start = parse(st.nextToken()), goal = parse(st.nextToken());
        byte[] dist = new byte[362880];
        Arrays.fill(dist, (byte) -1);
        int[] cnt = new int[362880];
        int[][] queue = new int[181440][];
        int head = 0, tail = 0;
        queue[tail++] = goal;
        dist[rank(goal)] = 0;
        cnt[rank(goal)] = 1;
        while (head < tail) {
            int[] s = queue[head++];
            int u = rank(s), b = blankOf(s);
            for (int k = 0; k < 4; k++) {
                int t = target(b, k);
                if (t < 0) continue;
                int[] n = s.clone();
                n[b] = n[t];
                n[t] = 0;
                int v = rank(n);
                if (dist[v] < 0) {
                    dist[v] = (byte) (dist[u] + 1);
                    cnt[v] = cnt[u];
                    queue[tail++] = n;
                } else if (dist[v] == dist[u] + 1) {
                    cnt[v] += cnt[u];
                }
            }
        }
        int r = rank(start);
        if (dist[r] < 0) {
            System.out.println(-1);
            return;
        }
        StringBuilder seq = new StringBuilder();
        char[] letters = {'D', 'L', 'R', 'U'};
        int[] s = start;
        for (int left = dist[r]; left > 0; left--) {
            int b = blankOf(s);
            for (int k = 0; k < 4; k++) {
                int t = target(b, k);
                if (t < 0) continue;
                int[] n = s.clone();
                n[b] = n[t];
                n[t] = 0;
                if (dist[rank(n)] == left - 1) {
                    seq.append(letters[k]);
                    s = n;
                    break;
                }
            }
        }
        System.out.println(dist[r] + "\n" + cnt[r] + "\n" + seq);
    }
}
