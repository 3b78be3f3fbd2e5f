// pixel-placement, accepted (Java 17): the reference's method (src/solver.rs).
//
// Row-major DFS over cells, complete; cut short only soundly: clue propagation (single
// clues and overlapping pairs), a memo of failed cuts keyed on what each clue straddling
// the cut still needs, and a portfolio over the 8 symmetric images of the board, each run
// white-first and black-first with a node budget that doubles each round.
import java.io.*;
import java.util.*;

public class Main {
    static final int UNKNOWN = 2, FOUND = 0, FAILED = 1, OUT_OF_BUDGET = 2;

    record Key(long low, long high) {}

    static final class Search {
        int cells;
        int[] target;
        int[][] clueCells, cellClues, straddling;
        int[][] overOther;          // per clue: the overlapping clues
        int[][][] overShared, overMine, overTheirs;
        int[] value, black, unknown, need, queue;
        int[] trail;
        int trailSize = 0, queueSize = 0;
        boolean[] queued;
        HashSet<Key> failed = new HashSet<>();
        boolean consistent;
        int first;
        long nodes, budget;

        Search(int rows, int cols, int[] clue) {
            cells = rows * cols;
            ArrayList<Integer> targets = new ArrayList<>();
            ArrayList<int[]> blocks = new ArrayList<>();
            ArrayList<ArrayList<Integer>> byCell = new ArrayList<>();
            for (int i = 0; i < cells; i++) byCell.add(new ArrayList<>());
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    if (clue[r * cols + c] < 0) continue;
                    int id = targets.size();
                    targets.add(clue[r * cols + c]);
                    ArrayList<Integer> block = new ArrayList<>();
                    for (int a = Math.max(0, r - 1); a <= Math.min(rows - 1, r + 1); a++)
                        for (int b = Math.max(0, c - 1); b <= Math.min(cols - 1, c + 1); b++) {
                            block.add(a * cols + b);
                            byCell.get(a * cols + b).add(id);
                        }
                    blocks.add(block.stream().mapToInt(Integer::intValue).toArray());
                }
            int clues = targets.size();
            target = targets.stream().mapToInt(Integer::intValue).toArray();
            clueCells = blocks.toArray(new int[0][]);
            cellClues = new int[cells][];
            for (int i = 0; i < cells; i++) cellClues[i] = byCell.get(i).stream().mapToInt(Integer::intValue).toArray();
            overOther = new int[clues][];
            overShared = new int[clues][][];
            overMine = new int[clues][][];
            overTheirs = new int[clues][][];
            for (int a = 0; a < clues; a++) {
                ArrayList<Integer> others = new ArrayList<>();
                ArrayList<int[]> sh = new ArrayList<>(), mi = new ArrayList<>(), th = new ArrayList<>();
                for (int b = 0; b < clues; b++) {
                    if (a == b) continue;
                    ArrayList<Integer> s = new ArrayList<>(), x = new ArrayList<>(), y = new ArrayList<>();
                    for (int cell : clueCells[a]) (contains(clueCells[b], cell) ? s : x).add(cell);
                    if (s.isEmpty()) continue;
                    for (int cell : clueCells[b]) if (!contains(clueCells[a], cell)) y.add(cell);
                    others.add(b);
                    sh.add(s.stream().mapToInt(Integer::intValue).toArray());
                    mi.add(x.stream().mapToInt(Integer::intValue).toArray());
                    th.add(y.stream().mapToInt(Integer::intValue).toArray());
                }
                overOther[a] = others.stream().mapToInt(Integer::intValue).toArray();
                overShared[a] = sh.toArray(new int[0][]);
                overMine[a] = mi.toArray(new int[0][]);
                overTheirs[a] = th.toArray(new int[0][]);
            }
            straddling = new int[cells + 1][];
            for (int k = 0; k <= cells; k++) {
                ArrayList<Integer> list = new ArrayList<>();
                for (int id = 0; id < clues; id++) {
                    int[] block = clueCells[id];
                    if (block[0] < k && k <= block[block.length - 1]) list.add(id);
                }
                straddling[k] = list.stream().mapToInt(Integer::intValue).toArray();
            }
            value = new int[cells];
            Arrays.fill(value, UNKNOWN);
            black = new int[clues];
            unknown = new int[clues];
            for (int id = 0; id < clues; id++) unknown[id] = clueCells[id].length;
            need = target.clone();
            trail = new int[cells];
            queue = new int[clues];
            queued = new boolean[clues];
            for (int id = 0; id < clues; id++) { queue[queueSize++] = id; queued[id] = true; }
            consistent = propagate();
        }

        static boolean contains(int[] list, int x) {
            for (int y : list) if (y == x) return true;
            return false;
        }

        void assign(int cell, int colour) {
            value[cell] = colour;
            trail[trailSize++] = cell;
            for (int id : cellClues[cell]) {
                unknown[id]--;
                black[id] += colour;
                if (!queued[id]) { queued[id] = true; queue[queueSize++] = id; }
            }
        }

        void undoTo(int mark) {
            while (trailSize > mark) {
                int cell = trail[--trailSize];
                for (int id : cellClues[cell]) { unknown[id]++; black[id] -= value[cell]; }
                value[cell] = UNKNOWN;
            }
        }

        void force(int[] list, int colour) {
            for (int cell : list) if (value[cell] == UNKNOWN) assign(cell, colour);
        }

        boolean check(int id) {
            int t = target[id], b = black[id], u = unknown[id];
            if (b > t || b + u < t) return false;
            if (u > 0 && b == t) force(clueCells[id], 0);
            else if (u > 0 && b + u == t) force(clueCells[id], 1);
            for (int w = 0; w < overOther[id].length; w++) {
                int other = overOther[id][w];
                int us = 0;
                for (int cell : overShared[id][w]) if (value[cell] == UNKNOWN) us++;
                if (us == 0) continue;
                int mineLeft = target[id] - black[id], otherLeft = target[other] - black[other];
                int mineOnly = unknown[id] - us, otherOnly = unknown[other] - us;
                int low = Math.max(0, Math.max(mineLeft - mineOnly, otherLeft - otherOnly));
                int high = Math.min(us, Math.min(mineLeft, otherLeft));
                if (low > high) return false;
                if (mineOnly > 0 && mineLeft == low) force(overMine[id][w], 0);
                else if (mineOnly > 0 && mineLeft - high == mineOnly) force(overMine[id][w], 1);
                if (otherOnly > 0 && otherLeft == low) force(overTheirs[id][w], 0);
                else if (otherOnly > 0 && otherLeft - high == otherOnly) force(overTheirs[id][w], 1);
                if (high == 0) force(overShared[id][w], 0);
                else if (low == us) force(overShared[id][w], 1);
            }
            return true;
        }

        boolean propagate() {
            while (queueSize > 0) {
                int id = queue[--queueSize];
                queued[id] = false;
                if (!check(id)) {
                    while (queueSize > 0) queued[queue[--queueSize]] = false;
                    return false;
                }
            }
            return true;
        }

        Key key(int k) {
            long low = k, high = 0;
            int[] list = straddling[k];
            for (int i = 0; i < list.length; i++) {
                long nibble = need[list[i]];
                if (i < 14) low |= nibble << (7 + 4 * i);
                else high |= nibble << (4 * (i - 14));
            }
            return new Key(low, high);
        }

        int dfs(int k) {
            if (++nodes > budget) return OUT_OF_BUDGET;
            if (k == cells) return FOUND;
            Key key = key(k);
            if (failed.contains(key)) return FAILED;
            int forced = value[k];
            for (int t = 0; t < 2; t++) {
                int colour = t == 0 ? first : 1 - first;
                if (forced != UNKNOWN && forced != colour) continue;
                int mark = trailSize;
                if (forced == UNKNOWN) {
                    assign(k, colour);
                    if (!propagate()) { undoTo(mark); continue; }
                }
                for (int id : cellClues[k]) need[id] -= colour;
                int step = dfs(k + 1);
                if (step == FOUND) return step;
                for (int id : cellClues[k]) need[id] += colour;
                undoTo(mark);
                if (step == OUT_OF_BUDGET) return step;
            }
            failed.add(key);
            return FAILED;
        }

        int run(long b, int blackFirst) {
            nodes = 0;
            budget = b;
            first = blackFirst;
            return consistent ? dfs(0) : FAILED;
        }
    }

    static int n, m;

    // Symmetry s: flip rows (bit 0), flip columns (bit 1), then transpose (bit 2).
    static int image(int s, int r, int c) {
        if ((s & 1) != 0) r = n - 1 - r;
        if ((s & 2) != 0) c = m - 1 - c;
        return (s & 4) != 0 ? c * n + r : r * m + c;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer tokens = new StringTokenizer("");
        ArrayList<String> words = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            tokens = new StringTokenizer(line);
            while (tokens.hasMoreTokens()) words.add(tokens.nextToken());
        }
        n = Integer.parseInt(words.get(0));
        m = Integer.parseInt(words.get(1));
        int[] clue = new int[n * m];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < m; c++) {
                char ch = words.get(2 + r).charAt(c);
                clue[r * m + c] = ch == '_' ? -1 : ch - '0';
            }
        Search[] searches = new Search[8];
        for (int s = 0; s < 8; s++) {
            int[] moved = new int[n * m];
            for (int r = 0; r < n; r++)
                for (int c = 0; c < m; c++) moved[image(s, r, c)] = clue[r * m + c];
            searches[s] = (s & 4) != 0 ? new Search(m, n, moved) : new Search(n, m, moved);
        }
        for (long budget = 256; ; budget *= 2)
            for (int s = 0; s < 8; s++)
                for (int blackFirst = 0; blackFirst < 2; blackFirst++) {
                    int step = searches[s].run(budget, blackFirst);
                    if (step == OUT_OF_BUDGET) continue;
                    if (step == FAILED) System.exit(1); // the tests promise a colouring
                    StringBuilder out = new StringBuilder();
                    for (int r = 0; r < n; r++) {
                        for (int c = 0; c < m; c++) out.append((char) ('0' + searches[s].value[image(s, r, c)]));
                        out.append('\n');
                    }
                    System.out.print(out);
                    return;
                }
    }
}
