// number-chain, accepted: the reference's pruned depth-first search (src/search.rs) in Java.
// Java has no 128-bit integers, so a cell's set of neighbours (all its possible steps are to
// neighbours) is an 8-bit mask of directions, and sets of cells are boolean arrays.
// Slowest test: secret/24-pattern-diagonal-10-k3, about 1.5 s CPU under the judge (the
// frontier DP gives up there and the lookahead runs), against 6 s (multiplier 2).
//
// The walk is extended in direction order 0..7, so the first walk found is the smallest.
// Before entering a cell, checks that only reject states without any rest of the walk:
//  1. a perfect matching of "needs a successor" to "needs a predecessor" among the free
//     cells (for K = 2 a perfect b-matching: every cell but the head and the end on two
//     path edges);
//  2. edges in no perfect matching are dropped, forced edges propagate (a forced diagonal
//     removes the crossing one, an edge closing a forced chain into a cycle goes, a forced
//     chain from head to end must hold everything, no forced cycle); repeat;
//  3. for K >= 3, every unvisited cell reachable from the head, the end from every one;
//  4. cut cells: at most two sides, head and end on different ones, the end's side holds
//     the values of the last times;
//  5. probing (at the start, and where the search has struggled): for a 2 x 2 block with
//     both diagonals, a cell with 2 possible successors/predecessors (K >= 3), a cell
//     with one neighbour more than it needs (K = 2), try each alternative with 1-4;
//  6. a child's graph starts from its parent's (removed edges stay removed);
//  7. failed states are remembered;
//  8. at the start (K >= 2), a lookahead: a complete search for any walk branching on the
//     most constrained cell anywhere; if it proves there is none, the answer is -1;
//  9. at the start (K >= 3), before 8: an exact frontier DP over the cells in row-major
//     order decides whether any walk exists: none, -1 at once; one, the lookahead is
//     skipped; more than FRONTIER_BUDGET states, the lookahead runs as before.
import java.io.DataInputStream;
import java.io.IOException;

public class Main {
    static final int[] DR = {-1, -1, 0, 1, 1, 1, 0, -1};
    static final int[] DC = {0, 1, 1, 1, 0, -1, -1, -1};
    static final int PROBE_AFTER = 64;
    static final int MEMO_CAP = 2_000_000;

    static int n, K, cells, end;
    static boolean two;
    static int[] val;
    static int[][] nbr; // nbr[c][d]: the neighbour of c in direction d, or -1
    static int[] succBoard, predBoard; // directions to neighbours with the next / previous value
    static long[] suffixLo, suffixHi; // packed value counts of the last m times

    // The walk so far.
    static boolean[] visited;
    static int[] blocked; // directions whose diagonal step crosses a step already made
    static boolean[] diagonalBlock; // 2 x 2 blocks holding a diagonal step
    static int[] path;
    static int pathLen;
    static long nodes;

    // The graph of the current check (direction masks) and its matching.
    static int head;
    static boolean[] isFree, isUnvisited, isLeft;
    static int[] freeList, leftList, rightList;
    static int freeCount, leftCount, rightCount, neededLeft, neededRight;
    static int[] succ, pred, mateLeft, mateRight, forced;

    static int opposite(int d) {
        return (d + 4) & 7;
    }

    // DIR_OF[(dr + 1) * 3 + (dc + 1)]: the direction of a step (dr, dc)
    static final int[] DIR_OF = {7, 0, 1, 6, -1, 2, 5, 4, 3};

    static int dirTo(int from, int to) {
        return DIR_OF[(to / n - from / n + 1) * 3 + (to % n - from % n + 1)];
    }

    static int capacity(int c) {
        return (two && c != head && c != end) ? 2 : 1;
    }

    static int leftOptions(int c) {
        return two ? (succ[c] | pred[c]) : succ[c];
    }

    // ---- 1. matching ----

    static boolean matching() {
        for (int c = 0; c < cells; c++) {
            mateRight[c] = 0;
            if (!isLeft[c]) mateLeft[c] = 0;
        }
        int flow = 0;
        for (int i = 0; i < leftCount; i++) {
            int u = leftList[i];
            int cap = capacity(u);
            int mates = mateLeft[u] & leftOptions(u);
            while (Integer.bitCount(mates) > cap) mates &= mates - 1;
            int kept = 0;
            for (int m = mates; m != 0; m &= m - 1) {
                int d = Integer.numberOfTrailingZeros(m);
                int v = nbr[u][d];
                if (Integer.bitCount(mateRight[v]) < capacity(v)) {
                    mateRight[v] |= 1 << opposite(d);
                    kept |= 1 << d;
                    flow++;
                }
            }
            mateLeft[u] = kept;
        }
        if (neededLeft != neededRight) return false;
        while (flow < neededLeft) {
            if (!augment()) return false;
            flow++;
        }
        return true;
    }

    static int[] fromRight = new int[128], fromLeft = new int[128], queue = new int[128];
    static int[] seenLeft = new int[128], seenRight = new int[128];
    static int stamp;

    static boolean augment() {
        stamp++;
        int qh = 0, qt = 0;
        for (int i = 0; i < leftCount; i++) {
            int u = leftList[i];
            if (Integer.bitCount(mateLeft[u]) < capacity(u)) {
                seenLeft[u] = stamp;
                fromLeft[u] = -1;
                queue[qt++] = u;
            }
        }
        while (qh < qt) {
            int u = queue[qh++];
            for (int m = leftOptions(u) & ~mateLeft[u]; m != 0; m &= m - 1) {
                int v = nbr[u][Integer.numberOfTrailingZeros(m)];
                if (seenRight[v] == stamp) continue;
                seenRight[v] = stamp;
                fromRight[v] = u;
                if (Integer.bitCount(mateRight[v]) < capacity(v)) {
                    int w = v;
                    for (;;) {
                        int x = fromRight[w];
                        int d = dirTo(x, w);
                        mateLeft[x] |= 1 << d;
                        mateRight[w] |= 1 << opposite(d);
                        int back = fromLeft[x];
                        if (back < 0) return true;
                        int e = dirTo(x, back);
                        mateLeft[x] &= ~(1 << e);
                        mateRight[back] &= ~(1 << opposite(e));
                        w = back;
                    }
                }
                for (int mm = mateRight[v]; mm != 0; mm &= mm - 1) {
                    int w = nbr[v][Integer.numberOfTrailingZeros(mm)];
                    if (seenLeft[w] == stamp) continue;
                    seenLeft[w] = stamp;
                    fromLeft[w] = v;
                    queue[qt++] = w;
                }
            }
        }
        return false;
    }

    // ---- 2. filtering and propagation ----

    static boolean removeEdge(int x, int y) {
        int d = dirTo(x, y), e = opposite(d);
        boolean had = ((succ[x] | pred[x]) & (1 << d)) != 0;
        succ[x] &= ~(1 << d);
        pred[x] &= ~(1 << d);
        succ[y] &= ~(1 << e);
        pred[y] &= ~(1 << e);
        return had;
    }

    static void removeArc(int x, int y) {
        int d = dirTo(x, y);
        succ[x] &= ~(1 << d);
        pred[y] &= ~(1 << opposite(d));
    }

    static int[] sccIndex = new int[128], sccLow = new int[128], sccComp = new int[128];
    static boolean[] sccAlone = new boolean[128], onStack = new boolean[128];
    static int[] sccStack = new int[128], mateOf = new int[128];
    static int sccTop, sccCounter;

    // Residual graph: K = 2: left u -> right v on unused edges, right v -> left u on used
    // ones (the two sides are different cells); K != 2: right v contracted into its only
    // mate, so u -> mateOf[v] for each unused option v of u.
    static void strongConnect(int node) {
        sccCounter++;
        sccIndex[node] = sccLow[node] = sccCounter;
        sccStack[sccTop++] = node;
        onStack[node] = true;
        int targets;
        if (two) targets = isLeft[node] ? leftOptions(node) & ~mateLeft[node] : mateRight[node];
        else targets = succ[node] & ~mateLeft[node];
        for (int m = targets; m != 0; m &= m - 1) {
            int next = nbr[node][Integer.numberOfTrailingZeros(m)];
            if (!two) next = mateOf[next];
            if (sccIndex[next] == 0) {
                strongConnect(next);
                sccLow[node] = Math.min(sccLow[node], sccLow[next]);
            } else if (onStack[next]) {
                sccLow[node] = Math.min(sccLow[node], sccIndex[next]);
            }
        }
        if (sccLow[node] == sccIndex[node]) {
            int members = 0;
            for (;;) {
                int member = sccStack[--sccTop];
                onStack[member] = false;
                sccComp[member] = node;
                members++;
                if (member == node) break;
            }
            sccAlone[node] = members == 1;
        }
    }

    static void filter() {
        if (!two) {
            for (int i = 0; i < leftCount; i++) {
                int u = leftList[i];
                mateOf[nbr[u][Integer.numberOfTrailingZeros(mateLeft[u])]] = u;
            }
        }
        for (int i = 0; i < leftCount; i++) sccIndex[leftList[i]] = 0;
        if (two) for (int i = 0; i < rightCount; i++) sccIndex[rightList[i]] = 0;
        sccCounter = 0;
        sccTop = 0;
        for (int i = 0; i < leftCount; i++) if (sccIndex[leftList[i]] == 0) strongConnect(leftList[i]);
        if (two) for (int i = 0; i < rightCount; i++) if (sccIndex[rightList[i]] == 0) strongConnect(rightList[i]);
        for (int i = 0; i < freeCount; i++) forced[freeList[i]] = 0;
        for (int i = 0; i < leftCount; i++) {
            int u = leftList[i];
            int component = sccComp[u];
            for (int m = leftOptions(u) & ~mateLeft[u]; m != 0; m &= m - 1) {
                int v = nbr[u][Integer.numberOfTrailingZeros(m)];
                int other = two ? v : mateOf[v];
                if (sccComp[other] != component) {
                    if (two) removeEdge(u, v);
                    else removeArc(u, v);
                }
            }
            for (int m = mateLeft[u]; m != 0; m &= m - 1) {
                int d = Integer.numberOfTrailingZeros(m);
                int v = nbr[u][d];
                boolean isForced = two ? sccComp[v] != component : sccAlone[component];
                if (isForced) {
                    forced[u] |= 1 << d;
                    forced[v] |= 1 << opposite(d);
                }
            }
        }
    }

    static boolean[] seenChain = new boolean[128];

    // -1: contradiction, 0: unchanged, 1: changed
    static int propagate() {
        boolean changed = false;
        for (int i = 0; i < freeCount; i++) {
            int u = freeList[i];
            for (int m = forced[u]; m != 0; m &= m - 1) {
                int d = Integer.numberOfTrailingZeros(m);
                int v = nbr[u][d];
                if (v < u || d % 2 == 0) continue;
                int p = (v / n) * n + u % n, q = (u / n) * n + v % n;
                if (isFree[p] && isFree[q]) {
                    if ((forced[p] & (1 << dirTo(p, q))) != 0) return -1;
                    if (removeEdge(p, q)) changed = true;
                }
            }
        }
        for (int i = 0; i < freeCount; i++) seenChain[freeList[i]] = false;
        for (int i = 0; i < freeCount; i++) {
            int start = freeList[i];
            if (seenChain[start] || Integer.bitCount(forced[start]) != 1) continue;
            int previous = start;
            int current = nbr[start][Integer.numberOfTrailingZeros(forced[start])];
            int length = 2;
            seenChain[start] = seenChain[current] = true;
            boolean throughHead = start == head, throughEnd = start == end;
            for (;;) {
                throughHead |= current == head;
                throughEnd |= current == end;
                int onward = forced[current] & ~(1 << dirTo(current, previous));
                if (onward == 0) break;
                previous = current;
                current = nbr[current][Integer.numberOfTrailingZeros(onward)];
                seenChain[current] = true;
                length++;
            }
            if (throughHead && throughEnd) {
                if (length != freeCount) return -1;
            } else if (length > 2) {
                boolean adjacent = Math.abs(start / n - current / n) <= 1 && Math.abs(start % n - current % n) <= 1;
                if (adjacent && removeEdge(start, current)) changed = true;
            }
        }
        for (int i = 0; i < freeCount; i++) {
            int c = freeList[i];
            if (!seenChain[c] && forced[c] != 0) return -1;
        }
        return changed ? 1 : 0;
    }

    // ---- 3. reachability ----

    static int[] reachStamp = new int[128];

    static int spread(int start, boolean forward) {
        stamp++;
        int qh = 0, qt = 0, count = 0;
        if (forward) {
            for (int m = succ[start]; m != 0; m &= m - 1) {
                int v = nbr[start][Integer.numberOfTrailingZeros(m)];
                if (reachStamp[v] != stamp) {
                    reachStamp[v] = stamp;
                    queue[qt++] = v;
                }
            }
        } else {
            reachStamp[start] = stamp;
            queue[qt++] = start;
        }
        while (qh < qt) {
            int c = queue[qh++];
            count++;
            for (int m = forward ? succ[c] : pred[c]; m != 0; m &= m - 1) {
                int v = nbr[c][Integer.numberOfTrailingZeros(m)];
                if (isUnvisited[v] && reachStamp[v] != stamp) {
                    reachStamp[v] = stamp;
                    queue[qt++] = v;
                }
            }
        }
        return count;
    }

    static boolean reachable() {
        int unvisited = freeCount - 1;
        return spread(head, true) == unvisited && spread(end, false) == unvisited;
    }

    // ---- 4. cut cells ----

    static int[] disc = new int[128], low = new int[128], size = new int[128];
    static long[] countLo = new long[128], countHi = new long[128];
    static boolean[] hasEnd = new boolean[128];
    static int timer, discovered;

    static boolean cutVisit(int c) {
        timer++;
        discovered++;
        disc[c] = low[c] = timer;
        size[c] = 1;
        countLo[c] = val[c] < 5 ? 1L << (12 * val[c]) : 0;
        countHi[c] = val[c] >= 5 ? 1L << (12 * (val[c] - 5)) : 0;
        hasEnd[c] = c == end;
        int separated = 0;
        for (int m = succ[c] | pred[c]; m != 0; m &= m - 1) {
            int next = nbr[c][Integer.numberOfTrailingZeros(m)];
            if (disc[next] == 0) {
                if (!cutVisit(next)) return false;
                low[c] = Math.min(low[c], low[next]);
                size[c] += size[next];
                countLo[c] += countLo[next];
                countHi[c] += countHi[next];
                hasEnd[c] |= hasEnd[next];
                if (low[next] >= disc[c]) {
                    separated++;
                    int after = size[next];
                    if (c == end || separated > 1 || !hasEnd[next] || countLo[next] != suffixLo[after]
                            || countHi[next] != suffixHi[after] || val[c] != (cells - 1 - after) % K)
                        return false;
                }
            } else {
                low[c] = Math.min(low[c], disc[next]);
            }
        }
        return true;
    }

    static boolean cutCells() {
        for (int i = 0; i < freeCount; i++) disc[freeList[i]] = 0;
        timer = 1;
        discovered = 0;
        disc[head] = low[head] = 1;
        int children = 0;
        for (int m = succ[head]; m != 0; m &= m - 1) {
            int next = nbr[head][Integer.numberOfTrailingZeros(m)];
            if (disc[next] == 0) {
                children++;
                if (children > 1 || !cutVisit(next)) return false;
            }
        }
        return discovered == freeCount - 1;
    }

    static boolean core() {
        for (;;) {
            if (!matching()) return false;
            filter();
            int r = propagate();
            if (r < 0) return false;
            if (r == 0) break;
        }
        return (K <= 2 || reachable()) && cutCells();
    }

    // ---- 5. probing ----

    static int[][] snapshot() {
        return new int[][] {succ.clone(), pred.clone(), mateLeft.clone(), mateRight.clone()};
    }

    static void restore(int[][] s) {
        System.arraycopy(s[0], 0, succ, 0, cells);
        System.arraycopy(s[1], 0, pred, 0, cells);
        System.arraycopy(s[2], 0, mateLeft, 0, cells);
        System.arraycopy(s[3], 0, mateRight, 0, cells);
    }

    // a removal: {1 = both steps / 0 = one step, x, y}
    static void apply(int[] r) {
        if (r[0] == 1) removeEdge(r[1], r[2]);
        else removeArc(r[1], r[2]);
    }

    // -1: no alternative survives; 1: exactly one does (made); 0: several do
    static int split(int[][] removals, int count) {
        int[][] saved = snapshot();
        int survivors = 0, only = -1;
        for (int i = 0; i < count; i++) {
            apply(removals[i]);
            if (core()) {
                survivors++;
                only = i;
            }
            restore(saved);
            if (survivors > 1) return 0;
        }
        if (survivors == 0) return -1;
        apply(removals[only]);
        return core() ? 1 : -1;
    }

    static int choices(int c, boolean successors, int[][] out) {
        if (two) {
            int needed = (c == head || c == end) ? 1 : 2;
            int options = succ[c] | pred[c];
            if (!successors || Integer.bitCount(options) != needed + 1) return 0;
            int count = 0;
            for (int m = options; m != 0; m &= m - 1) out[count++] = new int[] {1, c, nbr[c][Integer.numberOfTrailingZeros(m)]};
            return count;
        }
        int options = successors ? succ[c] : pred[c];
        if (Integer.bitCount(options) != 2) return 0;
        int first = nbr[c][Integer.numberOfTrailingZeros(options)];
        int second = nbr[c][31 - Integer.numberOfLeadingZeros(options)];
        if (successors) {
            out[0] = new int[] {0, c, second};
            out[1] = new int[] {0, c, first};
        } else {
            out[0] = new int[] {0, second, c};
            out[1] = new int[] {0, first, c};
        }
        return 2;
    }

    static boolean linked(int x, int y) {
        return ((succ[x] | pred[x]) & (1 << dirTo(x, y))) != 0;
    }

    static boolean probe() {
        int[][] alternatives = new int[3][];
        for (;;) {
            boolean decided = false;
            for (int tl = 0; tl < cells; tl++) {
                if (tl % n == n - 1 || tl / n == n - 1) continue;
                int a = tl, b = tl + 1, c = tl + n, d = tl + n + 1;
                if (!isFree[a] || !isFree[b] || !isFree[c] || !isFree[d]) continue;
                if (!linked(a, d) || !linked(b, c)) continue;
                alternatives[0] = new int[] {1, a, d};
                alternatives[1] = new int[] {1, b, c};
                int r = split(alternatives, 2);
                if (r < 0) return false;
                if (r > 0) decided = true;
            }
            for (int i = 0; i < freeCount; i++) {
                int c = freeList[i];
                for (int side = 0; side < 2; side++) {
                    int count = choices(c, side == 0, alternatives);
                    if (count == 0) continue;
                    int r = split(alternatives, count);
                    if (r < 0) return false;
                    if (r > 0) decided = true;
                }
            }
            if (!decided) return true;
        }
    }

    // ---- 8. lookahead at the start ----

    // choices the lookahead may make: K = 2 (where probing finds most boards without a walk
    // and walks are harder to find by this search), K >= 3
    static final int[] LOOKAHEAD_BUDGET = {2_000, 20_000};
    static int budget;

    // A complete search for a rest of the walk that branches on the most constrained cell
    // anywhere (its successor, or predecessor, or for K <= 2 the neighbours it keeps), with
    // checks 1-4 after each choice. 1: a rest exists (or every cell has exactly the options
    // it needs), 0: no rest, -1: the budget of choices ran out.
    static int refute() {
        boolean directed = K >= 3;
        int bestSpare = 1 << 30, bestCount = 1 << 30, bestCell = -1;
        boolean bestSuccessors = true;
        for (int i = 0; i < freeCount; i++) {
            int c = freeList[i];
            for (int side = 0; side < 2; side++) {
                int options, cap;
                if (directed) {
                    options = side == 0 ? (c == end ? 0 : succ[c]) : (c == head ? 0 : pred[c]);
                    cap = 1;
                } else {
                    if (side == 1) continue;
                    options = succ[c] | pred[c];
                    cap = (c == head || c == end) ? 1 : 2;
                }
                int count = Integer.bitCount(options);
                if (count > cap) {
                    int spare = count - cap;
                    if (spare < bestSpare || (spare == bestSpare && count < bestCount)) {
                        bestSpare = spare;
                        bestCount = count;
                        bestCell = c;
                        bestSuccessors = side == 0;
                    }
                }
            }
        }
        if (bestCell < 0) return 1;
        int c = bestCell;
        int options = directed ? (bestSuccessors ? succ[c] : pred[c]) : (succ[c] | pred[c]);
        int cap = (directed || c == head || c == end) ? 1 : 2;
        int[] members = new int[8];
        int count = 0;
        for (int m = options; m != 0; m &= m - 1) members[count++] = nbr[c][Integer.numberOfTrailingZeros(m)];
        for (int i = 0; i < count; i++) {
            for (int j = (cap == 1 ? i : i + 1); j < (cap == 1 ? i + 1 : count); j++) {
                if (budget == 0) return -1;
                budget--;
                int[][] saved = snapshot();
                for (int k = 0; k < count; k++) {
                    int other = members[k];
                    if (k == i || k == j) continue;
                    if (!directed) removeEdge(c, other);
                    else if (bestSuccessors) removeArc(c, other);
                    else removeArc(other, c);
                }
                int outcome = core() ? refute() : 0;
                restore(saved);
                if (outcome != 0) return outcome;
            }
        }
        return 0;
    }

    static boolean lookahead() {
        if (K == 1) return true;
        int[][] saved = snapshot();
        budget = LOOKAHEAD_BUDGET[K >= 3 ? 1 : 0];
        int outcome = refute();
        restore(saved);
        return outcome != 0;
    }

    // ---- the search ----

    static boolean feasible(int h, boolean probing, int[][] parent) {
        head = h;
        freeCount = leftCount = rightCount = 0;
        neededLeft = neededRight = 0;
        for (int c = 0; c < cells; c++) {
            isUnvisited[c] = !visited[c];
            isFree[c] = isUnvisited[c] || c == h;
            if (isFree[c]) freeList[freeCount++] = c;
        }
        if (freeCount == 1) return h == end;
        for (int c = 0; c < cells; c++) {
            if (!isFree[c]) {
                succ[c] = pred[c] = 0;
                continue;
            }
            int unv = 0, fr = 0;
            for (int d = 0; d < 8; d++) {
                int v = nbr[c][d];
                if (v < 0) continue;
                if (isUnvisited[v]) unv |= 1 << d;
                if (isFree[v]) fr |= 1 << d;
            }
            if (parent != null) {
                succ[c] = parent[0][c] & unv & ~blocked[c];
                pred[c] = parent[1][c] & fr & ~blocked[c];
            } else {
                succ[c] = c == end ? 0 : succBoard[c] & ~blocked[c] & unv;
                pred[c] = c == h ? 0 : predBoard[c] & ~blocked[c] & fr;
            }
        }
        pred[h] = 0;
        for (int i = 0; i < freeCount; i++) {
            int c = freeList[i];
            if ((c != end && succ[c] == 0) || (c != h && pred[c] == 0)) return false;
        }
        for (int i = 0; i < freeCount; i++) {
            int c = freeList[i];
            boolean left = two ? val[c] == 0 : c != end;
            boolean right = two ? val[c] != 0 : c != h;
            isLeft[c] = left;
            if (left) {
                leftList[leftCount++] = c;
                neededLeft += capacity(c);
            }
            if (right) {
                rightList[rightCount++] = c;
                neededRight += capacity(c);
            }
        }
        for (int c = 0; c < cells; c++) if (!isFree[c]) isLeft[c] = false;
        if (!core()) return false;
        return !probing || K == 1 || probe();
    }

    // ---- memory of failed states: open addressing over 4 longs per key ----

    static long[] table = new long[4 << 12];
    static boolean[] taken = new boolean[1 << 12];
    static int tableCount;

    static int slot(long a, long b, long c, long d, int size) {
        long h = a * 0x9e3779b97f4a7c15L ^ b * 0xc2b2ae3d27d4eb4fL ^ c * 0x165667b19e3779f9L ^ d * 0x27d4eb2f165667c5L;
        h ^= h >>> 29;
        return (int) (h & (size - 1));
    }

    static boolean memoContains(long[] k) {
        int size = taken.length;
        for (int i = slot(k[0], k[1], k[2], k[3], size);; i = (i + 1) & (size - 1)) {
            if (!taken[i]) return false;
            if (table[4 * i] == k[0] && table[4 * i + 1] == k[1] && table[4 * i + 2] == k[2] && table[4 * i + 3] == k[3])
                return true;
        }
    }

    static void memoInsertRaw(long a, long b, long c, long d) {
        int size = taken.length;
        int i = slot(a, b, c, d, size);
        while (taken[i]) i = (i + 1) & (size - 1);
        taken[i] = true;
        table[4 * i] = a;
        table[4 * i + 1] = b;
        table[4 * i + 2] = c;
        table[4 * i + 3] = d;
        tableCount++;
    }

    static void memoInsert(long[] k) {
        if (tableCount >= MEMO_CAP) return;
        if (2 * (tableCount + 1) > taken.length) {
            long[] oldTable = table;
            boolean[] oldTaken = taken;
            table = new long[8 * oldTaken.length];
            taken = new boolean[2 * oldTaken.length];
            tableCount = 0;
            for (int i = 0; i < oldTaken.length; i++)
                if (oldTaken[i]) memoInsertRaw(oldTable[4 * i], oldTable[4 * i + 1], oldTable[4 * i + 2], oldTable[4 * i + 3]);
        }
        memoInsertRaw(k[0], k[1], k[2], k[3]);
    }

    static long[] memoKey(int h) {
        long[] key = new long[4];
        for (int c = 0; c < cells; c++) if (visited[c]) key[c >> 6] |= 1L << (c & 63);
        key[1] |= (long) h << 40;
        for (int block = 0; block < (n - 1) * (n - 1); block++) {
            if (!diagonalBlock[block]) continue;
            int a = (block / (n - 1)) * n + block % (n - 1);
            int b = a + 1, c = a + n, d = a + n + 1;
            boolean fa = !visited[a] || a == h, fb = !visited[b] || b == h;
            boolean fc = !visited[c] || c == h, fd = !visited[d] || d == h;
            if ((fa && fd) || (fb && fc)) key[2 + (block >> 6)] |= 1L << (block & 63);
        }
        return key;
    }

    static boolean extend(int h, int time) {
        nodes++;
        if (time == cells - 1) return h == end;
        long enteredAt = nodes;
        int[][] graph = {succ.clone(), pred.clone()};
        int wanted = (val[h] + 1) % K;
        for (int dir = 0; dir < 8; dir++) {
            int next = nbr[h][dir];
            if (next < 0) continue;
            if (visited[next] || val[next] != wanted || (blocked[h] & (1 << dir)) != 0
                    || (next == end && time + 2 != cells))
                continue;
            visited[next] = true;
            boolean diagonal = dir % 2 == 1;
            int p = 0, q = 0, block = 0;
            if (diagonal) {
                int r = h / n, c = h % n, nr = r + DR[dir], nc = c + DC[dir];
                p = nr * n + c;
                q = r * n + nc;
                block = Math.min(r, nr) * (n - 1) + Math.min(c, nc);
                blocked[p] |= 1 << dirTo(p, q);
                blocked[q] |= 1 << dirTo(q, p);
                diagonalBlock[block] = true;
            }
            path[pathLen++] = dir;
            long[] key = memoKey(next);
            if (!memoContains(key)) {
                if (feasible(next, nodes - enteredAt > PROBE_AFTER, graph) && extend(next, time + 1)) return true;
                memoInsert(key);
            }
            pathLen--;
            if (diagonal) {
                blocked[p] &= ~(1 << dirTo(p, q));
                blocked[q] &= ~(1 << dirTo(q, p));
                diagonalBlock[block] = false;
            }
            visited[next] = false;
        }
        return false;
    }

    // ---- 9. exact answer at the start (K >= 3): the frontier DP of src/frontier.rs ----
    // When K >= 3 every edge between neighbours has at most one direction, so a walk is a set
    // of edges in which every cell but the start has one incoming and every cell but the end
    // one outgoing edge, no two diagonals of a 2 x 2 block are both used, and there is no
    // cycle. Cells are processed in row-major order; cell i chooses its edges to its earlier
    // neighbours (up-left, up, up-right, left). The rest of the board only needs the frontier,
    // the last N + 1 cells: which edges each still needs and which of them are the two open
    // ends of one path piece. A slot is 5 bits: 2 for the missing edges (1 incoming,
    // 2 outgoing), 3 for the label (0 none, 1..6 a piece, 7 the piece holding the start).
    // Bit 63: the previous cell took its up-right edge (this cell's up-left would cross it).
    static final int FRONTIER_BUDGET = 300_000;
    static final long START_LABEL = 7, FRESH = 6, NEED_IN = 1, NEED_OUT = 2;
    static final long PREVIOUS_UP_RIGHT = 1L << 63;

    static long withSlot(long state, int index, long need, long label) {
        int shift = 5 * index;
        return (state & ~(31L << shift)) | ((need | (label << 2)) << shift);
    }

    /** Renames the labels 1..6 in order of first appearance, so equal frontiers are equal. */
    static long normalize(long state, int slots) {
        long[] rename = new long[8];
        long next = 1;
        long out = state & PREVIOUS_UP_RIGHT;
        for (int i = 0; i < slots; i++) {
            long bits = (state >>> (5 * i)) & 31, need = bits & 3, label = bits >>> 2;
            if (label != 0 && label != START_LABEL) {
                if (rename[(int) label] == 0) rename[(int) label] = next++;
                label = rename[(int) label];
            }
            out |= (need | (label << 2)) << (5 * i);
        }
        return out;
    }

    /** 1: a walk exists, 0: none, -1: more than `budget` states were processed. */
    static int hasWalk(int budget) {
        int slots = n + 1;
        long slotMask = (1L << (5 * slots)) - 1;
        long[] current = {0};
        int currentCount = 1;
        long processed = 0;
        int[] position = new int[4], other = new int[4];
        long[] kind = new long[4];
        boolean[] upLeft = new boolean[4], upRight = new boolean[4];
        for (int cell = 0; cell < cells; cell++) {
            int row = cell / n, col = cell % n, m = 0;
            if (row > 0 && col > 0) { position[m] = 0; other[m] = cell - n - 1; upLeft[m] = true; upRight[m++] = false; }
            if (row > 0) { position[m] = 1; other[m] = cell - n; upLeft[m] = false; upRight[m++] = false; }
            if (row > 0 && col + 1 < n) { position[m] = 2; other[m] = cell - n + 1; upLeft[m] = false; upRight[m++] = true; }
            if (col > 0) { position[m] = n; other[m] = cell - 1; upLeft[m] = false; upRight[m++] = false; }
            long ownNeed = (cell != 0 ? NEED_IN : 0) | (cell != cells - 1 ? NEED_OUT : 0);
            for (int i = 0; i < m; i++) {
                int a = val[other[i]], b = val[cell];
                kind[i] = b == (a + 1) % K ? NEED_IN : a == (b + 1) % K ? NEED_OUT : 0;
            }
            // The sets of earlier edges this cell may take whatever the frontier.
            int[] choices = new int[1 << m];
            int choiceCount = 0;
            for (int choice = 0; choice < (1 << m); choice++) {
                long taken = 0;
                boolean ok = true;
                for (int i = 0; i < m && ok; i++) {
                    if ((choice >> i & 1) == 0) continue;
                    ok = kind[i] != 0 && (ownNeed & kind[i]) != 0 && (taken & kind[i]) == 0;
                    taken |= kind[i];
                }
                if (ok) choices[choiceCount++] = choice;
            }
            long[] next = new long[Math.max(16, currentCount * choiceCount)];
            int nextCount = 0;
            for (int s = 0; s < currentCount; s++) {
                long state = current[s];
                if (++processed > budget) return -1;
                boolean previousUpRight = (state & PREVIOUS_UP_RIGHT) != 0;
                choice:
                for (int ci = 0; ci < choiceCount; ci++) {
                    int choice = choices[ci];
                    long work = state & ~PREVIOUS_UP_RIGHT, need = ownNeed;
                    long[] joined = new long[2];
                    int joins = 0;
                    boolean takesUpRight = false;
                    for (int i = 0; i < m; i++) {
                        if ((choice >> i & 1) == 0) continue;
                        long k = kind[i];
                        if ((need & k) == 0 || (upLeft[i] && previousUpRight)) continue choice;
                        long otherKind = k == NEED_IN ? NEED_OUT : NEED_IN;
                        long bits = (work >>> (5 * position[i])) & 31, otherNeed = bits & 3, otherLabel = bits >>> 2;
                        if ((otherNeed & otherKind) == 0) continue choice;
                        need &= ~k;
                        takesUpRight |= upRight[i];
                        long left = otherNeed & ~otherKind;
                        long label = otherLabel == 0 ? FRESH : otherLabel;
                        joined[joins++] = label;
                        work = withSlot(work, position[i], left, left == 0 ? 0 : label);
                    }
                    long label;
                    if (joins == 0) {
                        label = cell == 0 ? START_LABEL : 0;
                    } else if (joins == 1) {
                        label = joined[0];
                    } else {
                        long a = joined[0], b = joined[1];
                        if (a == b && a != FRESH) continue; // both ends of one piece: a cycle
                        long keep = a, drop = b;
                        if (a == FRESH || b == START_LABEL) { keep = b; drop = a; }
                        if (keep != drop) {
                            for (int i = 0; i < slots; i++) {
                                long bits = (work >>> (5 * i)) & 31;
                                if (bits >>> 2 == drop) work = withSlot(work, i, bits & 3, keep);
                            }
                        }
                        label = keep;
                    }
                    if (cell == cells - 1 && (need != 0 || label != START_LABEL)) continue;
                    if ((work & 3) != 0) continue; // the cell leaving the frontier needs an edge
                    long shifted = (work & slotMask) >>> 5;
                    shifted = withSlot(shifted, slots - 1, need, need == 0 ? 0 : label);
                    if (takesUpRight) shifted |= PREVIOUS_UP_RIGHT;
                    if (cell == cells - 1) {
                        if ((shifted & ~PREVIOUS_UP_RIGHT) == 0) return 1;
                        continue;
                    }
                    next[nextCount++] = normalize(shifted, slots);
                }
            }
            if (nextCount == 0) return 0;
            // Equal frontiers have equal futures: keep one of each.
            java.util.Arrays.sort(next, 0, nextCount);
            int unique = 0;
            for (int s = 0; s < nextCount; s++) {
                if (unique == 0 || next[s] != next[unique - 1]) next[unique++] = next[s];
            }
            current = next;
            currentCount = unique;
        }
        return 0;
    }

    public static void main(String[] args) throws IOException {
        DataInputStream in = new DataInputStream(System.in);
        byte[] bytes = in.readAllBytes();
        int[] numbers = new int[2 + 100];
        int count = 0, i = 0;
        while (i < bytes.length && count < numbers.length) {
            while (i < bytes.length && (bytes[i] < '0' || bytes[i] > '9')) i++;
            if (i >= bytes.length) break;
            int v = 0;
            while (i < bytes.length && bytes[i] >= '0' && bytes[i] <= '9') v = v * 10 + (bytes[i++] - '0');
            numbers[count++] = v;
        }
        n = numbers[0];
        K = numbers[1];
        cells = n * n;
        end = cells - 1;
        two = K == 2;
        val = new int[cells];
        for (int c = 0; c < cells; c++) val[c] = numbers[2 + c];
        if (cells == 1 || val[0] != 0) {
            System.out.println(-1);
            return;
        }
        nbr = new int[cells][8];
        succBoard = new int[cells];
        predBoard = new int[cells];
        for (int c = 0; c < cells; c++) {
            for (int d = 0; d < 8; d++) {
                int r = c / n + DR[d], col = c % n + DC[d];
                nbr[c][d] = -1;
                if (r < 0 || col < 0 || r >= n || col >= n) continue;
                int next = r * n + col;
                nbr[c][d] = next;
                if (val[next] == (val[c] + 1) % K) succBoard[c] |= 1 << d;
                if (val[c] == (val[next] + 1) % K) predBoard[c] |= 1 << d;
            }
        }
        suffixLo = new long[cells + 1];
        suffixHi = new long[cells + 1];
        for (int m = 1; m <= cells; m++) {
            int v = (cells - m) % K;
            suffixLo[m] = suffixLo[m - 1] + (v < 5 ? 1L << (12 * v) : 0);
            suffixHi[m] = suffixHi[m - 1] + (v >= 5 ? 1L << (12 * (v - 5)) : 0);
        }
        long heldLo = 0, heldHi = 0;
        for (int c = 0; c < cells; c++) {
            heldLo += val[c] < 5 ? 1L << (12 * val[c]) : 0;
            heldHi += val[c] >= 5 ? 1L << (12 * (val[c] - 5)) : 0;
        }
        visited = new boolean[cells];
        blocked = new int[cells];
        diagonalBlock = new boolean[Math.max(1, (n - 1) * (n - 1))];
        path = new int[cells];
        isFree = new boolean[cells];
        isUnvisited = new boolean[cells];
        isLeft = new boolean[cells];
        freeList = new int[cells];
        leftList = new int[cells];
        rightList = new int[cells];
        succ = new int[cells];
        pred = new int[cells];
        mateLeft = new int[cells];
        mateRight = new int[cells];
        forced = new int[cells];
        visited[0] = true;
        boolean counts = heldLo == suffixLo[cells] && heldHi == suffixHi[cells];
        // Check 9: for K >= 3 the frontier DP decides whether any walk exists, usually far
        // sooner than the lookahead refutes a board without one.
        int exists = counts && K >= 3 ? hasWalk(FRONTIER_BUDGET) : -1;
        boolean found = counts && exists != 0 && feasible(0, true, null) && (exists == 1 || lookahead()) && extend(0, 0);
        StringBuilder out = new StringBuilder();
        if (found) {
            for (int s = 0; s < pathLen; s++) out.append(path[s]);
        } else {
            out.append(-1);
        }
        System.out.println(out);
    }
}
