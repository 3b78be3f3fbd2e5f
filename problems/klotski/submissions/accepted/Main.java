// Breadth-first search over canonical states: a state packs, 3 bits a cell, which shape's
// top-left corner each cell is (or that it is empty or covered), so pieces of one shape
// are interchangeable and at most 175 580 states are stored. The moves are replayed on the
// lettered board to name the pieces.
import java.io.*;
import java.util.*;

public class Main {
    static final int[] DR = {-1, 1, 0, 0}, DC = {0, 0, -1, 1};
    static final char[] DIR = {'U', 'D', 'L', 'R'};
    static final int[] H = {0, 1, 1, 2, 2}, W = {0, 1, 2, 1, 2};

    static void place(int[] code, int kind, int r, int c) {
        for (int y = 0; y < H[kind]; y++)
            for (int x = 0; x < W[kind]; x++) code[(r + y) * 4 + c + x] = 5;
        code[r * 4 + c] = kind;
    }

    static long pack(int[] code) {
        long s = 0;
        for (int i = 0; i < 20; i++) s |= (long) code[i] << (3 * i);
        return s;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder sb = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) sb.append(line.trim());
        char[] g = sb.toString().toCharArray();
        int[] code = new int[20];
        for (int i = 0; i < 20; i++) {
            if (g[i] == '.' || code[i] != 0) continue;
            List<Integer> cells = new ArrayList<>();
            for (int j = i; j < 20; j++) if (g[j] == g[i]) cells.add(j);
            int kind = cells.size() == 1 ? 1 : cells.size() == 4 ? 4 : (cells.get(1) == cells.get(0) + 1 ? 2 : 3);
            place(code, kind, i / 4, i % 4);
        }
        long[] states = new long[200000];
        int[] parent = new int[200000], step = new int[200000];
        HashMap<Long, Integer> seen = new HashMap<>(1 << 19);
        int count = 1;
        states[0] = pack(code);
        parent[0] = -1;
        seen.put(states[0], 0);
        int found = code[13] == 4 ? 0 : -1;
        int[] cur = new int[20], next = new int[20];
        for (int head = 0; head < count && found < 0; head++) {
            long s = states[head];
            for (int i = 0; i < 20; i++) cur[i] = (int) ((s >> (3 * i)) & 7);
            for (int a = 0; a < 20 && found < 0; a++) {
                int kind = cur[a];
                if (kind == 0 || kind == 5) continue;
                int r = a / 4, c = a % 4;
                for (int d = 0; d < 4 && found < 0; d++) {
                    int nr = r + DR[d], nc = c + DC[d];
                    if (nr < 0 || nc < 0 || nr + H[kind] > 5 || nc + W[kind] > 4) continue;
                    boolean ok = true;
                    for (int y = 0; y < H[kind]; y++)
                        for (int x = 0; x < W[kind]; x++) {
                            int tr = nr + y, tc = nc + x;
                            boolean own = tr >= r && tr < r + H[kind] && tc >= c && tc < c + W[kind];
                            if (cur[tr * 4 + tc] != 0 && !own) ok = false;
                        }
                    if (!ok) continue;
                    System.arraycopy(cur, 0, next, 0, 20);
                    for (int y = 0; y < H[kind]; y++)
                        for (int x = 0; x < W[kind]; x++) next[(r + y) * 4 + c + x] = 0;
                    place(next, kind, nr, nc);
                    long t = pack(next);
                    if (seen.containsKey(t)) continue;
                    seen.put(t, count);
                    states[count] = t;
                    parent[count] = head;
                    step[count] = a * 4 + d;
                    if (next[13] == 4) found = count;
                    count++;
                }
            }
        }
        if (found < 0) {
            System.out.println(-1);
            return;
        }
        ArrayList<Integer> path = new ArrayList<>();
        for (int i = found; parent[i] >= 0; i = parent[i]) path.add(step[i]);
        Collections.reverse(path);
        StringBuilder out = new StringBuilder();
        for (int p : path) {
            int a = p / 4, d = p % 4;
            char letter = g[a];
            List<Integer> cells = new ArrayList<>();
            for (int j = 0; j < 20; j++) if (g[j] == letter) cells.add(j);
            for (int j : cells) g[j] = '.';
            for (int j : cells) g[j + DR[d] * 4 + DC[d]] = letter;
            if (out.length() > 0) out.append(' ');
            out.append(letter).append(DIR[d]);
        }
        System.out.println(path.size());
        System.out.println(out);
    }
}
