// number-chain, accepted: the reference's pruned depth-first search (src/search.rs) in C++.
// Slowest test: secret/38-hard-k3-no-walk-9, about 0.4 s CPU. It has checks 1-8 only, not
// the reference's check 9 (the frontier DP), which it does not need to pass.
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
//     most constrained cell anywhere; if it proves there is none, the answer is -1.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_set>
#include <vector>

typedef unsigned __int128 Mask;

static const int DR[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int DC[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int SLOTS = 128;
static const uint64_t PROBE_AFTER = 64;
static const size_t MEMO_CAP = 2000000;
// choices the lookahead may make: K = 2 (where probing finds most boards without a walk
// and walks are harder to find by this search), K >= 3
static const uint64_t LOOKAHEAD_BUDGET[2] = {2000, 20000};

static inline Mask bit(int c) { return (Mask)1 << c; }
static inline int popcount(Mask m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}
static inline int lowest(Mask m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}
#define FOR_CELLS(var, mask) \
    for (Mask _m_##var = (mask); _m_##var; _m_##var &= _m_##var - 1) \
        for (int var = lowest(_m_##var), _once_##var = 1; _once_##var; _once_##var = 0)

typedef unsigned __int128 Pack;
static inline Pack pack(int value) { return (Pack)1 << (12 * value); }

struct Key {
    Mask a, b;
    bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};
struct KeyHash {
    size_t operator()(const Key& k) const {
        uint64_t h = (uint64_t)k.a * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(k.a >> 64) * 0xc2b2ae3d27d4eb4fULL;
        h ^= (uint64_t)k.b * 0x165667b19e3779f9ULL ^ (uint64_t)(k.b >> 64) * 0x27d4eb2f165667c5ULL;
        return h ^ (h >> 29);
    }
};

struct Graph {
    Mask succ[SLOTS], pred[SLOTS];
};
struct Snapshot {
    Mask succ[SLOTS], pred[SLOTS], mate_left[SLOTS], mate_right[SLOTS];
};

static int n, K, cells, endc;
static int val[SLOTS];
static int nbr[SLOTS][8];
static Mask succ_mask[SLOTS], pred_mask[SLOTS], zero_mask;
static Pack suffix_pack[SLOTS + 1];

static Mask visited, diagonal_blocks;
static Mask blocked[SLOTS];
static std::vector<int> path;
static std::unordered_set<Key, KeyHash> failed;
static uint64_t nodes;

static int head;
static Mask freec, unvisited, leftc, rightc;
static Mask succ[SLOTS], pred[SLOTS], mate_left[SLOTS], mate_right[SLOTS], forced[SLOTS];

static uint16_t scc_index[2 * SLOTS], scc_low[2 * SLOTS], scc_comp[2 * SLOTS];
static uint16_t scc_stack[2 * SLOTS];
static int scc_top, scc_counter;

static int disc[SLOTS], lowv[SLOTS], sizev[SLOTS], timer_;
static Pack counts[SLOTS];
static bool has_end[SLOTS];

static Mask left_options(int c) {
    if (K == 2) return (succ[c] | pred[c]) & rightc;
    return succ[c];
}
static int capacity(int c) { return (K == 2 && c != head && c != endc) ? 2 : 1; }

static bool augment() {
    int from_right[SLOTS], from_left[SLOTS], queue[SLOTS];
    for (int i = 0; i < cells; i++) from_right[i] = from_left[i] = -1;
    int qh = 0, qt = 0;
    Mask seen_left = 0, seen_right = 0;
    FOR_CELLS(u, leftc) {
        if (popcount(mate_left[u]) < capacity(u)) {
            seen_left |= bit(u);
            queue[qt++] = u;
        }
    }
    while (qh < qt) {
        int u = queue[qh++];
        Mask options = left_options(u) & ~mate_left[u] & ~seen_right;
        FOR_CELLS(v, options) {
            seen_right |= bit(v);
            from_right[v] = u;
            if (popcount(mate_right[v]) < capacity(v)) {
                int w = v;
                for (;;) {
                    int x = from_right[w];
                    mate_left[x] |= bit(w);
                    mate_right[w] |= bit(x);
                    int back = from_left[x];
                    if (back < 0) return true;
                    mate_left[x] &= ~bit(back);
                    mate_right[back] &= ~bit(x);
                    w = back;
                }
            }
            FOR_CELLS(w, mate_right[v] & ~seen_left) {
                seen_left |= bit(w);
                from_left[w] = v;
                queue[qt++] = w;
            }
        }
    }
    return false;
}

static bool matching() {
    if (K == 2) {
        leftc = freec & zero_mask;
        rightc = freec & ~zero_mask;
    } else {
        leftc = freec & ~bit(endc);
        rightc = unvisited;
    }
    for (int c = 0; c < cells; c++) {
        mate_right[c] = 0;
        if (!(leftc & bit(c))) mate_left[c] = 0;
    }
    int needed_left = 0, needed_right = 0, flow = 0;
    FOR_CELLS(u, leftc) {
        needed_left += capacity(u);
        Mask mates = mate_left[u] & left_options(u);
        while (popcount(mates) > capacity(u)) mates &= mates - 1;
        Mask kept = 0;
        FOR_CELLS(v, mates) {
            if (popcount(mate_right[v]) < capacity(v)) {
                mate_right[v] |= bit(u);
                kept |= bit(v);
                flow++;
            }
        }
        mate_left[u] = kept;
    }
    FOR_CELLS(v, rightc) needed_right += capacity(v);
    if (needed_left != needed_right) return false;
    while (flow < needed_left) {
        if (!augment()) return false;
        flow++;
    }
    return true;
}

static bool remove_edge(int x, int y) {
    bool had = ((succ[x] | pred[x]) & bit(y)) != 0;
    succ[x] &= ~bit(y);
    pred[x] &= ~bit(y);
    succ[y] &= ~bit(x);
    pred[y] &= ~bit(x);
    return had;
}
static void remove_arc(int x, int y) {
    succ[x] &= ~bit(y);
    pred[y] &= ~bit(x);
}

static Mask scc_targets[2 * SLOTS];
static bool scc_alone[2 * SLOTS];

static void strong_connect(int node) {
    scc_counter++;
    scc_index[node] = scc_low[node] = (uint16_t)scc_counter;
    scc_stack[scc_top++] = (uint16_t)node;
    int offset = (K == 2 && node < SLOTS) ? SLOTS : 0;
    FOR_CELLS(t, scc_targets[node]) {
        int next = t + offset;
        if (scc_index[next] == 0) {
            strong_connect(next);
            if (scc_low[next] < scc_low[node]) scc_low[node] = scc_low[next];
        } else if (scc_index[next] != 0xffff) {
            if (scc_index[next] < scc_low[node]) scc_low[node] = scc_index[next];
        }
    }
    if (scc_low[node] == scc_index[node]) {
        int members = 0;
        for (;;) {
            int member = scc_stack[--scc_top];
            scc_comp[member] = (uint16_t)node;
            scc_index[member] = 0xffff;
            members++;
            if (member == node) break;
        }
        scc_alone[node] = members == 1;
    }
}

// Edges in no perfect matching go, edges in all are forced: strongly connected components
// of the residual graph (left u -> right v unused, right v -> left u used); for K != 2
// right v is contracted into its only mate (u -> mate(v)).
static void filter() {
    bool two = K == 2;
    int mate_of[SLOTS];
    if (!two) FOR_CELLS(u, leftc) mate_of[lowest(mate_left[u])] = u;
    FOR_CELLS(u, leftc) {
        scc_index[u] = 0;
        Mask unused = left_options(u) & ~mate_left[u];
        if (two) {
            scc_targets[u] = unused;
        } else {
            Mask t = 0;
            FOR_CELLS(v, unused) t |= bit(mate_of[v]);
            scc_targets[u] = t;
        }
    }
    if (two) {
        FOR_CELLS(v, rightc) {
            scc_index[SLOTS + v] = 0;
            scc_targets[SLOTS + v] = mate_right[v];
        }
    }
    scc_counter = 0;
    scc_top = 0;
    FOR_CELLS(u, leftc) if (scc_index[u] == 0) strong_connect(u);
    if (two) FOR_CELLS(v, rightc) if (scc_index[SLOTS + v] == 0) strong_connect(SLOTS + v);
    FOR_CELLS(c, freec) forced[c] = 0;
    FOR_CELLS(u, leftc) {
        int component = scc_comp[u];
        FOR_CELLS(v, left_options(u) & ~mate_left[u]) {
            int other = two ? SLOTS + v : mate_of[v];
            if (scc_comp[other] != component) {
                if (two) remove_edge(u, v);
                else remove_arc(u, v);
            }
        }
        FOR_CELLS(v, mate_left[u]) {
            bool is_forced = two ? scc_comp[SLOTS + v] != component : scc_alone[component];
            if (is_forced) {
                forced[u] |= bit(v);
                forced[v] |= bit(u);
            }
        }
    }
}

// -1: contradiction, 0: unchanged, 1: changed
static int propagate() {
    bool changed = false;
    FOR_CELLS(u, freec) {
        Mask higher = forced[u] & ~((bit(u) << 1) - 1);
        FOR_CELLS(v, higher) {
            int ur = u / n, uc = u % n, vr = v / n, vc = v % n;
            if (ur != vr && uc != vc) {
                int p = ur * n + vc, q = vr * n + uc;
                if ((freec & bit(p)) && (freec & bit(q))) {
                    if (forced[p] & bit(q)) return -1;
                    if (remove_edge(p, q)) changed = true;
                }
            }
        }
    }
    int total = popcount(freec);
    Mask seen = 0;
    FOR_CELLS(start, freec) {
        if ((seen & bit(start)) || popcount(forced[start]) != 1) continue;
        int previous = start, current = lowest(forced[start]);
        int length = 2;
        seen |= bit(start) | bit(current);
        bool through_head = start == head, through_end = start == endc;
        for (;;) {
            through_head |= current == head;
            through_end |= current == endc;
            Mask onward = forced[current] & ~bit(previous);
            if (!onward) break;
            previous = current;
            current = lowest(onward);
            seen |= bit(current);
            length++;
        }
        if (through_head && through_end) {
            if (length != total) return -1;
        } else if (length > 2) {
            if (remove_edge(start, current)) changed = true;
        }
    }
    FOR_CELLS(c, freec & ~seen) if (forced[c]) return -1;
    return changed ? 1 : 0;
}

static Mask spread(Mask start, const Mask* step) {
    Mask reached = start, frontier = start;
    while (frontier) {
        Mask next = 0;
        FOR_CELLS(c, frontier) next |= step[c];
        next &= unvisited & ~reached;
        reached |= next;
        frontier = next;
    }
    return reached;
}
static bool reachable() {
    return spread(succ[head], succ) == unvisited && spread(bit(endc), pred) == unvisited;
}

static bool cut_visit(int c) {
    timer_++;
    disc[c] = lowv[c] = timer_;
    sizev[c] = 1;
    counts[c] = pack(val[c]);
    has_end[c] = c == endc;
    int separated = 0;
    FOR_CELLS(next, succ[c] | pred[c]) {
        if (disc[next] == 0) {
            if (!cut_visit(next)) return false;
            if (lowv[next] < lowv[c]) lowv[c] = lowv[next];
            sizev[c] += sizev[next];
            counts[c] += counts[next];
            has_end[c] = has_end[c] || has_end[next];
            if (lowv[next] >= disc[c]) {
                separated++;
                int after = sizev[next];
                if (c == endc || separated > 1 || !has_end[next] || counts[next] != suffix_pack[after] ||
                    val[c] != (cells - 1 - after) % K)
                    return false;
            }
        } else if (disc[next] < lowv[c]) {
            lowv[c] = disc[next];
        }
    }
    return true;
}
static bool cut_cells() {
    FOR_CELLS(c, freec) disc[c] = 0;
    timer_ = 1;
    disc[head] = lowv[head] = 1;
    int children = 0;
    FOR_CELLS(next, succ[head]) {
        if (disc[next] == 0) {
            children++;
            if (children > 1 || !cut_visit(next)) return false;
        }
    }
    FOR_CELLS(c, unvisited) if (disc[c] == 0) return false;
    return true;
}

static bool core() {
    for (;;) {
        if (!matching()) return false;
        filter();
        int r = propagate();
        if (r < 0) return false;
        if (r == 0) break;
    }
    return (K <= 2 || reachable()) && cut_cells();
}

static void snapshot(Snapshot& s) {
    memcpy(s.succ, succ, sizeof succ);
    memcpy(s.pred, pred, sizeof pred);
    memcpy(s.mate_left, mate_left, sizeof mate_left);
    memcpy(s.mate_right, mate_right, sizeof mate_right);
}
static void restore(const Snapshot& s) {
    memcpy(succ, s.succ, sizeof succ);
    memcpy(pred, s.pred, sizeof pred);
    memcpy(mate_left, s.mate_left, sizeof mate_left);
    memcpy(mate_right, s.mate_right, sizeof mate_right);
}

struct Removal {
    bool edge;
    int x, y;
};
static void apply(const Removal& r) {
    if (r.edge) remove_edge(r.x, r.y);
    else remove_arc(r.x, r.y);
}
// -1: no alternative survives; 1: exactly one did (made); 0: several did (unchanged)
static int split(const Removal* removals, int count) {
    Snapshot* saved = new Snapshot;
    snapshot(*saved);
    int survivors = 0, only = -1;
    for (int i = 0; i < count; i++) {
        apply(removals[i]);
        if (core()) {
            survivors++;
            only = i;
        }
        restore(*saved);
        if (survivors > 1) break;
    }
    delete saved;
    if (survivors == 0) return -1;
    if (survivors > 1) return 0;
    apply(removals[only]);
    return core() ? 1 : -1;
}

// The alternatives for a cell's successors (K >= 3: exactly two, keep one) or, with
// successors false, predecessors; for K = 2 (successors only) its neighbours when it has
// exactly one more than it needs (leave one out). Returns how many.
static int choices(int c, bool successors, Removal* out) {
    if (K == 2) {
        int needed = (c == head || c == endc) ? 1 : 2;
        Mask options = succ[c] | pred[c];
        if (!successors || popcount(options) != needed + 1) return 0;
        int count = 0;
        FOR_CELLS(o, options) out[count++] = {true, c, o};
        return count;
    }
    Mask options = successors ? succ[c] : pred[c];
    if (popcount(options) != 2) return 0;
    int first = lowest(options), second = lowest(options & (options - 1));
    if (successors) {
        out[0] = {false, c, second};
        out[1] = {false, c, first};
    } else {
        out[0] = {false, second, c};
        out[1] = {false, first, c};
    }
    return 2;
}

// Probes every choice, in passes, until a pass decides nothing.
static bool probe() {
    for (;;) {
        bool decided = false;
        for (int tl = 0; tl < cells; tl++) {
            if (tl % n == n - 1 || tl / n == n - 1) continue;
            int a = tl, b = tl + 1, c = tl + n, d = tl + n + 1;
            if (!((succ[a] | pred[a]) & bit(d)) || !((succ[b] | pred[b]) & bit(c))) continue;
            Removal rs[2] = {{true, a, d}, {true, b, c}};
            int r = split(rs, 2);
            if (r < 0) return false;
            if (r > 0) decided = true;
        }
        FOR_CELLS(c, freec) {
            for (int side = 0; side < 2; side++) {
                Removal rs[3];
                int count = choices(c, side == 0, rs);
                if (count == 0) continue;
                int r = split(rs, count);
                if (r < 0) return false;
                if (r > 0) decided = true;
            }
        }
        if (!decided) return true;
    }
}


/* A complete search for a rest of the walk that branches on the most constrained cell
   anywhere (its successor, or predecessor, or for K <= 2 the neighbours it keeps), with
   checks 1-4 after each choice. 1: a rest exists (or every cell has exactly the options
   it needs), 0: no rest, -1: the budget of choices ran out. */
static int refute(uint64_t& budget) {
    bool directed = K >= 3;
    int best_spare = 1 << 30, best_count = 1 << 30, best_cell = -1;
    bool best_successors = true;
    FOR_CELLS(c, freec) {
        for (int side = 0; side < 2; side++) {
            Mask options;
            int cap;
            if (directed) {
                options = side == 0 ? (c == endc ? 0 : succ[c]) : (c == head ? 0 : pred[c]);
                cap = 1;
            } else {
                if (side == 1) continue;
                options = succ[c] | pred[c];
                cap = (c == head || c == endc) ? 1 : 2;
            }
            int count = popcount(options);
            if (count > cap) {
                int spare = count - cap;
                if (spare < best_spare || (spare == best_spare && count < best_count)) {
                    best_spare = spare;
                    best_count = count;
                    best_cell = c;
                    best_successors = side == 0;
                }
            }
        }
    }
    if (best_cell < 0) return 1;
    int c = best_cell;
    Mask options = directed ? (best_successors ? succ[c] : pred[c]) : (succ[c] | pred[c]);
    int cap = (directed || c == head || c == endc) ? 1 : 2;
    int members[8], count = 0;
    FOR_CELLS(m, options) members[count++] = m;
    for (int i = 0; i < count; i++) {
        for (int j = (cap == 1 ? i : i + 1); j < (cap == 1 ? i + 1 : count); j++) {
            Mask keep = bit(members[i]) | bit(members[j]);
            if (budget == 0) return -1;
            budget -= 1;
            Snapshot* saved = new Snapshot;
            snapshot(*saved);
            FOR_CELLS(other, options & ~keep) {
                if (!directed) remove_edge(c, other);
                else if (best_successors) remove_arc(c, other);
                else remove_arc(other, c);
            }
            int outcome = core() ? refute(budget) : 0;
            restore(*saved);
            delete saved;
            if (outcome != 0) return outcome;
        }
    }
    return 0;
}

/* At the start (K >= 2): false if the lookahead proves that there is no walk at all. */
static bool lookahead() {
    if (K == 1) return true;
    Snapshot* saved = new Snapshot;
    snapshot(*saved);
    uint64_t budget = LOOKAHEAD_BUDGET[K >= 3];
    int outcome = refute(budget);
    restore(*saved);
    delete saved;
    return outcome != 0;
}

static bool feasible(int h, bool probing, const Graph* parent) {
    Mask full = (cells == 128) ? ~(Mask)0 : bit(cells) - 1;
    head = h;
    unvisited = ~visited & full;
    freec = unvisited | bit(h);
    if (!unvisited) return h == endc;
    if (parent) {
        for (int c = 0; c < cells; c++) {
            if (freec & bit(c)) {
                succ[c] = parent->succ[c] & unvisited & ~blocked[c];
                pred[c] = parent->pred[c] & freec & ~blocked[c];
            } else {
                succ[c] = pred[c] = 0;
            }
        }
        pred[h] = 0;
    } else {
        for (int c = 0; c < cells; c++) succ[c] = pred[c] = 0;
        FOR_CELLS(c, freec) {
            if (c != endc) succ[c] = succ_mask[c] & ~blocked[c] & unvisited;
            if (c != h) pred[c] = pred_mask[c] & ~blocked[c] & freec;
        }
    }
    FOR_CELLS(c, freec) {
        if ((c != endc && !succ[c]) || (c != h && !pred[c])) return false;
    }
    if (!core()) return false;
    return !probing || K == 1 || probe();
}

static Key memo_key(int h) {
    Mask full = bit(cells) - 1;
    Mask fr = (~visited & full) | bit(h);
    Mask relevant = 0;
    FOR_CELLS(block, diagonal_blocks) {
        int tl = (block / (n - 1)) * n + block % (n - 1);
        int a = tl, b = tl + 1, c = tl + n, d = tl + n + 1;
        bool ad = (fr & bit(a)) && (fr & bit(d));
        bool bc = (fr & bit(b)) && (fr & bit(c));
        if (ad || bc) relevant |= bit(block);
    }
    return Key{visited | ((Mask)h << 100), relevant};
}

static bool extend(int h, int time) {
    nodes++;
    if (time == cells - 1) return h == endc;
    uint64_t entered_at = nodes;
    Graph* graph = new Graph;
    memcpy(graph->succ, succ, sizeof succ);
    memcpy(graph->pred, pred, sizeof pred);
    int wanted = (val[h] + 1) % K;
    bool found = false;
    for (int dir = 0; dir < 8 && !found; dir++) {
        int next = nbr[h][dir];
        if (next < 0) continue;
        if ((visited & bit(next)) || val[next] != wanted || (blocked[h] & bit(next)) ||
            (next == endc && time + 2 != cells))
            continue;
        visited |= bit(next);
        bool diagonal = dir % 2 == 1;
        int p = 0, q = 0, block = 0;
        if (diagonal) {
            int r = h / n, c = h % n, nr = r + DR[dir], nc = c + DC[dir];
            p = nr * n + c;
            q = r * n + nc;
            block = (r < nr ? r : nr) * (n - 1) + (c < nc ? c : nc);
            blocked[p] |= bit(q);
            blocked[q] |= bit(p);
            diagonal_blocks |= bit(block);
        }
        path.push_back(dir);
        Key key = memo_key(next);
        if (failed.count(key)) {
            // failed before
        } else if (feasible(next, nodes - entered_at > PROBE_AFTER, graph) && extend(next, time + 1)) {
            found = true;
        } else if (failed.size() < MEMO_CAP) {
            failed.insert(key);
        }
        if (found) break;
        path.pop_back();
        if (diagonal) {
            blocked[p] &= ~bit(q);
            blocked[q] &= ~bit(p);
            diagonal_blocks &= ~bit(block);
        }
        visited &= ~bit(next);
    }
    delete graph;
    return found;
}

int main() {
    if (scanf("%d %d", &n, &K) != 2) return 1;
    cells = n * n;
    endc = cells - 1;
    for (int i = 0; i < cells; i++)
        if (scanf("%d", &val[i]) != 1) return 1;
    if (cells == 1 || val[0] != 0) {
        printf("-1\n");
        return 0;
    }
    for (int c = 0; c < cells; c++) {
        int r = c / n, col = c % n;
        if (val[c] == 0) zero_mask |= bit(c);
        for (int d = 0; d < 8; d++) {
            int nr = r + DR[d], nc = col + DC[d];
            nbr[c][d] = -1;
            if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
            int next = nr * n + nc;
            nbr[c][d] = next;
            if (val[next] == (val[c] + 1) % K) succ_mask[c] |= bit(next);
            if (val[c] == (val[next] + 1) % K) pred_mask[c] |= bit(next);
        }
    }
    suffix_pack[0] = 0;
    for (int m = 1; m <= cells; m++) suffix_pack[m] = suffix_pack[m - 1] + pack((cells - m) % K);
    Pack held = 0;
    for (int c = 0; c < cells; c++) held += pack(val[c]);
    visited = 1;
    if (held != suffix_pack[cells] || !feasible(0, true, nullptr) || !lookahead() || !extend(0, 0)) {
        printf("-1\n");
        return 0;
    }
    std::string out;
    for (int d : path) out.push_back((char)('0' + d));
    printf("%s\n", out.c_str());
    return 0;
}
