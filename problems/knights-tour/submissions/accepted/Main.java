// knights-tour, accepted: the reference's methods (src/solve.rs) in Java.
//  - smaller side at most 3 (blocked squares allowed): the exact frontier DP over the
//    squares in column-major order, keeping the last 2h+1 squares (src/frontier.rs);
//  - smaller side 4 (no blocked squares, at most 4 x 8): a tour starts on an outer row (the
//    outer rows hold half the squares, no two a move apart); from there the complete
//    search with pruning (src/search.rs) finds it at once; 4 x 4 has none;
//  - both sides at least 5 (no blocked squares): the colour rule, then, on the board turned
//    so that n <= m and S is in the top-left quarter, Warnsdorff's rule with Roth's
//    tie-break, and when it gets stuck Posa's rotations of a Warnsdorff tour from a nearby
//    square, with the reference's random numbers (SplitMix64, same seed), so the
//    reference's sweep over every open board (tests/sweep.rs) holds for this program too.
import java.io.*;
import java.util.*;

public class Main {
    static final int[] MR = {-2, -1, 1, 2, 2, 1, -1, -2};
    static final int[] MC = {1, 2, 2, 1, -1, -2, -2, -1};
    static final int[] BR = {-1, 1, -2, 2};
    static final int[] BC = {-2, -2, -1, -1};
    static final int EMPTY = 0, FULL = 1, END_S = 2, END_T = 3, FIRST_PAIR = 4, FRESH = 15;
    static final int T_USED = 1 << 30, DONE = 1 << 31;

    // SplitMix64, as checker_kit::Rng; unsigned arithmetic on longs.
    static long rngState;
    static long rngNext() {
        rngState += 0x9e3779b97f4a7c15L;
        long z = rngState;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
    static int rngBelow(int bound) {
        long zone = -1L - Long.remainderUnsigned(-1L, bound);
        while (true) {
            long v = rngNext();
            if (Long.compareUnsigned(v, zone) < 0) return (int) Long.remainderUnsigned(v, bound);
        }
    }

    // ------------------------------------------------------------ frontier DP (h <= 3)
    static int lab(int s, int k) { return (s >>> (4 * k)) & 15; }
    static int setlab(int s, int k, int v) { return (s & ~(15 << (4 * k))) | (v << (4 * k)); }
    static int relabel(int s, int w, int from, int to) {
        for (int k = 0; k < w; k++) if (lab(s, k) == from) s = setlab(s, k, to);
        return s;
    }
    static int normalize(int s, int w) {
        int[] rename = new int[16];
        int next = FIRST_PAIR, out = s;
        for (int k = 0; k < w; k++) {
            int v = lab(s, k);
            if (v >= FIRST_PAIR) {
                if (rename[v] == 0) rename[v] = next++;
                out = setlab(out, k, rename[v]);
            }
        }
        return out;
    }
    // Never a state: the slots take at most 28 bits, and bits 28-29 are never set.
    static final int DEAD = 0x3fffffff;
    // The next state, or DEAD.
    static int shift(int s, int w, int newl, boolean startLeaves, boolean finished) {
        int leaving = s & 15;
        if (leaving == EMPTY) return DEAD;
        if (leaving != FULL) {
            int anchor;
            if (startLeaves) {
                anchor = END_S;
            } else {
                if ((s & T_USED) != 0) return DEAD;
                s |= T_USED;
                anchor = END_T;
            }
            if (leaving == anchor) return DEAD;
            if (leaving == END_S || leaving == END_T) {
                finished = true;
            } else {
                s = relabel(s, w, leaving, anchor);
                if (newl == leaving) newl = anchor;
            }
        }
        int flags = s & (T_USED | DONE);
        int nx = ((s & ((1 << (4 * w)) - 1)) >>> 4) | (newl << (4 * (w - 1)));
        if (finished) {
            for (int k = 0; k < w; k++) if (lab(nx, k) != FULL) return DEAD;
            nx |= DONE;
        }
        return nx | flags;
    }

    static int[] succ = new int[8], succMask = new int[8];
    static int successors(int s, int w, boolean free, boolean isStart, int startSlot, boolean startLeaves,
                          int nk, int[] ks, int[] slots) {
        int n = 0;
        if (!free) {
            int nx = shift(s, w, FULL, startLeaves, false);
            if (nx != DEAD) { succ[n] = nx; succMask[n++] = 0; }
            return n;
        }
        if ((s & DONE) != 0) return 0;
        int[] ck = new int[4], cs = new int[4];
        int nc = 0;
        for (int j = 0; j < nk; j++) {
            int v = lab(s, slots[j]);
            if (v == FULL || (v != EMPTY && startSlot == slots[j])) continue;
            ck[nc] = ks[j];
            cs[nc++] = slots[j];
        }
        int most = isStart ? 1 : 2;
        for (int sub = 0; sub < (1 << nc); sub++) {
            if (Integer.bitCount(sub) > most) continue;
            int t = s, own = EMPTY, mask = 0;
            boolean finished = false, cycle = false;
            for (int j = 0; j < nc; j++) {
                if ((sub >> j & 1) == 0) continue;
                mask |= 1 << ck[j];
                int other = lab(t, cs[j]);
                if (own == EMPTY) {
                    if (other == EMPTY) { own = FRESH; t = setlab(t, cs[j], FRESH); }
                    else { own = other; t = setlab(t, cs[j], FULL); }
                    continue;
                }
                if (other == EMPTY) {
                    t = setlab(t, cs[j], own);
                } else if (other == own) {
                    cycle = true;
                    break;
                } else {
                    t = setlab(t, cs[j], FULL);
                    if (other >= FIRST_PAIR) t = relabel(t, w, other, own);
                    else if (own >= FIRST_PAIR) t = relabel(t, w, own, other);
                    else finished = true;
                }
                own = FULL;
            }
            if (cycle) continue;
            int nx = shift(t, w, own, startLeaves, finished);
            if (nx != DEAD) { succ[n] = normalize(nx, w); succMask[n++] = mask; }
        }
        return n;
    }

    static int[][] frontier(int rows, int cols, boolean[][] free, int sr, int sc) {
        boolean transposed = rows > cols;
        int h = transposed ? cols : rows, len = transposed ? rows : cols;
        int w = 2 * h + 1, squares = h * len, steps = squares + w;
        int s = transposed ? sr * h + sc : sc * h + sr;
        int init = 0;
        for (int k = 0; k < w; k++) init = setlab(init, k, FULL);
        int[] states = {init};
        int nstates = 1;
        int[][] parents = new int[steps][], masks = new int[steps][];
        int[] ks = new int[4], slots = new int[4];
        for (int i = 0; i < steps; i++) {
            int r = i % h, c = i / h;
            boolean f = i < squares && (transposed ? free[c][r] : free[r][c]);
            int startSlot = (s < i && i <= s + w) ? s + w - i : -1;
            boolean startLeaves = i >= w && i - w == s;
            int nk = 0;
            for (int k = 0; k < 4; k++) {
                int rr = r + BR[k], cc = c + BC[k];
                if (rr >= 0 && rr < h && cc >= 0) { ks[nk] = k; slots[nk++] = w + BC[k] * h + BR[k]; }
            }
            HashMap<Integer, Integer> seen = new HashMap<>(nstates * 2 + 8);
            int[] next = new int[Math.max(16, nstates * 4)];
            int[] par = new int[next.length], msk = new int[next.length];
            int nn = 0;
            for (int p = 0; p < nstates; p++) {
                int n = successors(states[p], w, f, i == s, startSlot, startLeaves, nk, ks, slots);
                for (int j = 0; j < n; j++) {
                    if (seen.putIfAbsent(succ[j], nn) == null) {
                        next[nn] = succ[j];
                        par[nn] = p;
                        msk[nn++] = succMask[j];
                    }
                }
            }
            parents[i] = par;
            masks[i] = msk;
            states = next;
            nstates = nn;
            if (nstates == 0) return null;
        }
        int at = -1;
        for (int j = 0; j < nstates; j++) if ((states[j] & DONE) != 0) { at = j; break; }
        if (at < 0) return null;
        int[][] adj = new int[squares][2];
        int[] deg = new int[squares];
        for (int i = steps - 1; i >= 0; i--) {
            int m = masks[i][at];
            at = parents[i][at];
            int r = i % h, c = i / h;
            for (int k = 0; k < 4; k++) {
                if ((m >> k & 1) == 1) {
                    int o = (c + BC[k]) * h + r + BR[k];
                    adj[i][deg[i]++] = o;
                    adj[o][deg[o]++] = i;
                }
            }
        }
        ArrayList<int[]> tour = new ArrayList<>();
        int prev = -1, x = s;
        while (true) {
            int rr = x % h, cc = x / h;
            tour.add(transposed ? new int[] {cc, rr} : new int[] {rr, cc});
            int nx = -1;
            for (int j = 0; j < deg[x]; j++) if (adj[x][j] != prev) { nx = adj[x][j]; break; }
            if (nx < 0) break;
            prev = x;
            x = nx;
        }
        return tour.toArray(new int[0][]);
    }

    // ------------------------------------------------------------ graph methods
    static int gRows, gCols, gFreeCount;
    static boolean[] gFree;
    static int[][] gMoves;
    static long[] gOut;

    static void buildGraph(boolean[][] f, int r, int c) {
        gRows = r;
        gCols = c;
        gFreeCount = 0;
        gFree = new boolean[r * c];
        gMoves = new int[r * c][];
        gOut = new long[r * c];
        int[] tmp = new int[8];
        for (int i = 0; i < r * c; i++) {
            int a = i / c, b = i % c;
            long dr = 2 * a - (r - 1), dc = 2 * b - (c - 1);
            gOut[i] = dr * dr + dc * dc;
            gFree[i] = f[a][b];
            int d = 0;
            if (gFree[i]) {
                gFreeCount++;
                for (int k = 0; k < 8; k++) {
                    int x = a + MR[k], y = b + MC[k];
                    if (x >= 0 && x < r && y >= 0 && y < c && f[x][y]) tmp[d++] = x * c + y;
                }
            }
            gMoves[i] = Arrays.copyOf(tmp, d);
        }
    }

    static boolean less3(int d1, long o1, int i1, int d2, long o2, int i2) {
        if (d1 != d2) return d1 < d2;
        if (o1 != o2) return o1 < o2;
        return i1 < i2;
    }

    static int[] leftDeg;
    static boolean[] visited;

    static boolean warnsdorff(int start, int[] tour) {
        int n = gRows * gCols, len = 0, cur = start;
        leftDeg = new int[n];
        visited = new boolean[n];
        for (int i = 0; i < n; i++) leftDeg[i] = gMoves[i].length;
        while (true) {
            visited[cur] = true;
            tour[len++] = cur;
            for (int x : gMoves[cur]) leftDeg[x]--;
            if (len == gFreeCount) return true;
            int best = -1;
            for (int x : gMoves[cur]) {
                if (visited[x]) continue;
                if (best < 0 || less3(leftDeg[x], -gOut[x], x, leftDeg[best], -gOut[best], best)) best = x;
            }
            if (best < 0) return false;
            cur = best;
        }
    }

    static boolean rotations(int start, long budget, int[] path) {
        int n = gRows * gCols, c = gCols;
        int sr = start / c, sc = start % c;
        boolean white = (sr + sc) % 2 == 0;
        ArrayList<Integer> others = new ArrayList<>();
        for (int i = 0; i < n; i++)
            if (gFree[i] && i != start && (((i / c + i % c) % 2 == 0) == white)) others.add(i);
        others.sort((x, y) -> {
            long dx = (long) (x / c - sr) * (x / c - sr) + (long) (x % c - sc) * (x % c - sc);
            long dy = (long) (y / c - sr) * (y / c - sr) + (long) (y % c - sc) * (y % c - sc);
            if (dx != dy) return Long.compare(dx, dy);
            return Integer.compare(x, y);
        });
        boolean found = false;
        for (int o : others) if (warnsdorff(o, path)) { found = true; break; }
        if (!found) return false;
        int last = gFreeCount - 1;
        int[] pos = new int[n];
        for (int i = 0; i <= last; i++) pos[path[i]] = i;
        rngState = 0x6b6e69676874L;
        long done = 0;
        int[] pd = new int[8], pa = new int[8], ties = new int[8];
        while (path[0] != start && path[last] != start) {
            if (done == budget) return false;
            done++;
            boolean atTail = rngBelow(2) == 0;
            int end = atTail ? path[last] : path[0];
            int np = 0;
            for (int x : gMoves[end]) {
                int at = pos[x], ne = -1;
                if (atTail) { if (at + 1 < last) ne = at + 1; }
                else if (at > 1) ne = at - 1;
                if (ne >= 0) {
                    int v = path[ne];
                    pd[np] = Math.abs(v / c - sr) + Math.abs(v % c - sc);
                    pa[np++] = at;
                }
            }
            if (np == 0) continue;
            int at;
            if (rngBelow(3) != 0) {
                int nearest = pd[0], nt = 0;
                for (int j = 1; j < np; j++) nearest = Math.min(nearest, pd[j]);
                for (int j = 0; j < np; j++) if (pd[j] == nearest) ties[nt++] = pa[j];
                at = ties[rngBelow(nt)];
            } else {
                at = pa[rngBelow(np)];
            }
            int lo = atTail ? at + 1 : 0, hi = atTail ? last + 1 : at;
            for (int a = lo, b = hi - 1; a < b; a++, b--) { int t = path[a]; path[a] = path[b]; path[b] = t; }
            for (int i = lo; i < hi; i++) pos[path[i]] = i;
        }
        if (path[0] != start)
            for (int a = 0, b = last; a < b; a++, b--) { int t = path[a]; path[a] = path[b]; path[b] = t; }
        return true;
    }

    // Complete depth-first search, Warnsdorff's order, with the stranding checks.
    static int[] byDegree = new int[9], sPath;
    static int sLen;
    static boolean enter(int sq) {
        visited[sq] = true;
        byDegree[leftDeg[sq]]--;
        sPath[sLen++] = sq;
        for (int x : gMoves[sq]) {
            if (!visited[x]) { byDegree[leftDeg[x]]--; byDegree[leftDeg[x] - 1]++; }
            leftDeg[x]--;
        }
        int remaining = gFreeCount - sLen;
        if (remaining == 0) return true;
        int[] ch = new int[8];
        int nc = 0, stranded = 0, single = 0;
        for (int x : gMoves[sq]) {
            if (visited[x]) continue;
            if (leftDeg[x] == 0) stranded++;
            else if (leftDeg[x] == 1) single++;
            ch[nc++] = x;
        }
        boolean dead = byDegree[0] > stranded || (stranded > 0 && remaining > 1) || byDegree[1] - single >= 2;
        if (!dead) {
            for (int a = 1; a < nc; a++)
                for (int b = a; b > 0 && less3(leftDeg[ch[b]], -gOut[ch[b]], ch[b], leftDeg[ch[b - 1]], -gOut[ch[b - 1]], ch[b - 1]); b--) {
                    int t = ch[b]; ch[b] = ch[b - 1]; ch[b - 1] = t;
                }
            for (int j = 0; j < nc; j++) if (enter(ch[j])) return true;
        }
        for (int x : gMoves[sq]) {
            leftDeg[x]++;
            if (!visited[x]) { byDegree[leftDeg[x] - 1]--; byDegree[leftDeg[x]]++; }
        }
        sLen--;
        visited[sq] = false;
        byDegree[leftDeg[sq]]++;
        return false;
    }
    static boolean search(int start, int[] path) {
        int n = gRows * gCols;
        leftDeg = new int[n];
        visited = new boolean[n];
        Arrays.fill(byDegree, 0);
        for (int i = 0; i < n; i++) {
            leftDeg[i] = gMoves[i].length;
            if (gFree[i]) byDegree[leftDeg[i]]++;
        }
        sPath = new int[n];
        sLen = 0;
        if (!enter(start)) return false;
        System.arraycopy(sPath, 0, path, 0, sLen);
        return true;
    }

    static boolean coloursAllow(int rows, int cols, boolean[][] free, int sr, int sc) {
        int white = 0, black = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                if (free[r][c]) { if ((r + c) % 2 == 0) white++; else black++; }
        boolean sw = (sr + sc) % 2 == 0;
        if (white == black) return true;
        if (white == black + 1) return sw;
        if (black == white + 1) return !sw;
        return false;
    }

    static int[][] solve(int rows, int cols, boolean[][] free, int sr, int sc) {
        int freeCount = 0;
        for (boolean[] row : free) for (boolean f : row) if (f) freeCount++;
        if (freeCount == 1) return new int[][] {{sr, sc}};
        int shorter = Math.min(rows, cols);
        if (shorter <= 3) return frontier(rows, cols, free, sr, sc);
        if (!coloursAllow(rows, cols, free, sr, sc)) return null;
        boolean transposed = rows > cols;
        int tr = transposed ? cols : rows, tc = transposed ? rows : cols;
        int r0 = transposed ? sc : sr, c0 = transposed ? sr : sc;
        boolean flipRows = r0 > (tr - 1) / 2, flipCols = c0 > (tc - 1) / 2;
        boolean[][] turned = new boolean[tr][tc];
        for (int r = 0; r < tr; r++)
            for (int c = 0; c < tc; c++) {
                int a = flipRows ? tr - 1 - r : r, b = flipCols ? tc - 1 - c : c;
                turned[r][c] = transposed ? free[b][a] : free[a][b];
            }
        if (flipRows) r0 = tr - 1 - r0;
        if (flipCols) c0 = tc - 1 - c0;
        buildGraph(turned, tr, tc);
        int s = r0 * tc + c0;
        int[] tour = new int[tr * tc];
        boolean ok = false;
        if (shorter == 4) {
            if ((r0 == 0 || r0 == 3) && tc != 4) ok = search(s, tour);
        } else {
            ok = warnsdorff(s, tour);
            if (!ok && gFreeCount == tr * tc) ok = rotations(s, 1000000, tour);
            if (!ok) ok = search(s, tour);
        }
        if (!ok) return null;
        int[][] out = new int[gFreeCount][];
        for (int i = 0; i < gFreeCount; i++) {
            int r = tour[i] / tc, c = tour[i] % tc;
            if (flipRows) r = tr - 1 - r;
            if (flipCols) c = tc - 1 - c;
            out[i] = transposed ? new int[] {c, r} : new int[] {r, c};
        }
        return out;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer first = new StringTokenizer(in.readLine());
        int rows = Integer.parseInt(first.nextToken()), cols = Integer.parseInt(first.nextToken());
        boolean[][] free = new boolean[rows][cols];
        int sr = 0, sc = 0;
        for (int r = 0; r < rows; r++) {
            String line = in.readLine().trim();
            for (int c = 0; c < cols; c++) {
                free[r][c] = line.charAt(c) != '#';
                if (line.charAt(c) == 'S') { sr = r; sc = c; }
            }
        }
        int[][] tour = solve(rows, cols, free, sr, sc);
        StringBuilder out = new StringBuilder();
        if (tour == null) {
            out.append("-1\n");
        } else {
            for (int[] sq : tour) out.append(sq[0]).append(' ').append(sq[1]).append('\n');
        }
        System.out.print(out);
    }
}
