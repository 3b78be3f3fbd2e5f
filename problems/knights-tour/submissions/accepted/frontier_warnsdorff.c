/* knights-tour, accepted: the reference's methods (src/solve.rs) in C17.
 *  - smaller side at most 3 (blocked squares allowed): the exact frontier DP over the
 *    squares in column-major order, keeping the last 2h+1 squares (src/frontier.rs); a
 *    layer never holds more than 14 515 states (the reference's union bound), so one
 *    open-addressing table of 65 536 slots serves every layer;
 *  - smaller side 4 (no blocked squares, at most 4 x 8): a tour starts on an outer row (the
 *    outer rows hold half the squares, no two a move apart); from there the complete
 *    search with pruning (src/search.rs) finds it at once; 4 x 4 has none;
 *  - both sides at least 5 (no blocked squares): the colour rule, then, on the board turned
 *    so that n <= m and S is in the top-left quarter, Warnsdorff's rule with Roth's
 *    tie-break, and when it gets stuck Posa's rotations of a Warnsdorff tour from a nearby
 *    square, with the reference's random numbers (SplitMix64, same seed), so the
 *    reference's sweep over every open board (tests/sweep.rs) holds for this program too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXS 64
#define MAXN (MAXS * MAXS)
typedef uint32_t u32;
typedef uint64_t u64;

static const int MR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int MC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int BR[4] = {-1, 1, -2, 2};
static const int BC[4] = {-2, -2, -1, -1};
enum { EMPTY = 0, FULL = 1, END_S = 2, END_T = 3, FIRST_PAIR = 4, FRESH = 15 };
#define T_USED (1u << 30)
#define DONE (1u << 31)

static int rows, cols;
static char freeb[MAXS][MAXS];
static int out_r[MAXN], out_c[MAXN], out_len;

/* ---------------------------------------------------------- SplitMix64 */
static u64 rng_state;
static u64 rng_next(void) {
    rng_state += 0x9e3779b97f4a7c15ULL;
    u64 z = rng_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static u64 rng_below(u64 bound) {
    u64 zone = UINT64_MAX - UINT64_MAX % bound;
    for (;;) {
        u64 v = rng_next();
        if (v < zone) return v % bound;
    }
}

/* ---------------------------------------------------------- frontier DP (h <= 3) */
static u32 lab(u32 s, int k) { return (s >> (4 * k)) & 15; }
static u32 setlab(u32 s, int k, u32 v) { return (s & ~(15u << (4 * k))) | (v << (4 * k)); }
static u32 relabel(u32 s, int w, u32 from, u32 to) {
    for (int k = 0; k < w; k++)
        if (lab(s, k) == from) s = setlab(s, k, to);
    return s;
}
static u32 normalize(u32 s, int w) {
    u32 rename[16] = {0}, next = FIRST_PAIR, out = s;
    for (int k = 0; k < w; k++) {
        u32 v = lab(s, k);
        if (v >= FIRST_PAIR) {
            if (!rename[v]) rename[v] = next++;
            out = setlab(out, k, rename[v]);
        }
    }
    return out;
}
static int shift(u32 s, int w, u32 newl, int start_leaves, int finished, u32 *out) {
    u32 leaving = s & 15;
    if (leaving == EMPTY) return 0;
    if (leaving != FULL) {
        u32 anchor;
        if (start_leaves) {
            anchor = END_S;
        } else {
            if (s & T_USED) return 0;
            s |= T_USED;
            anchor = END_T;
        }
        if (leaving == anchor) return 0;
        if (leaving == END_S || leaving == END_T) {
            finished = 1;
        } else {
            s = relabel(s, w, leaving, anchor);
            if (newl == leaving) newl = anchor;
        }
    }
    u32 flags = s & (T_USED | DONE);
    u32 nx = ((s & ((1u << (4 * w)) - 1)) >> 4) | (newl << (4 * (w - 1)));
    if (finished) {
        for (int k = 0; k < w; k++)
            if (lab(nx, k) != FULL) return 0;
        nx |= DONE;
    }
    *out = nx | flags;
    return 1;
}
struct kind {
    int free, is_start, start_leaves, start_slot, nk, k[4], slot[4];
};
/* The successors of s into succ/masks; returns how many. */
static int successors(u32 s, int w, const struct kind *q, u32 *succ, int *masks) {
    u32 nx;
    int n = 0;
    if (!q->free) {
        if (shift(s, w, FULL, q->start_leaves, 0, &nx)) { succ[n] = nx; masks[n++] = 0; }
        return n;
    }
    if (s & DONE) return 0;
    int ck[4], cs[4], nc = 0;
    for (int j = 0; j < q->nk; j++) {
        u32 v = lab(s, q->slot[j]);
        if (v == FULL || (v != EMPTY && q->start_slot == q->slot[j])) continue;
        ck[nc] = q->k[j];
        cs[nc++] = q->slot[j];
    }
    int most = q->is_start ? 1 : 2;
    for (int sub = 0; sub < (1 << nc); sub++) {
        if (__builtin_popcount(sub) > most) continue;
        u32 t = s, own = EMPTY;
        int finished = 0, cycle = 0, mask = 0;
        for (int j = 0; j < nc; j++) {
            if (!(sub >> j & 1)) continue;
            mask |= 1 << ck[j];
            u32 other = lab(t, cs[j]);
            if (own == EMPTY) {
                if (other == EMPTY) { own = FRESH; t = setlab(t, cs[j], FRESH); }
                else { own = other; t = setlab(t, cs[j], FULL); }
                continue;
            }
            if (other == EMPTY) {
                t = setlab(t, cs[j], own);
            } else if (other == own) {
                cycle = 1;
                break;
            } else {
                t = setlab(t, cs[j], FULL);
                if (other >= FIRST_PAIR) t = relabel(t, w, other, own);
                else if (own >= FIRST_PAIR) t = relabel(t, w, own, other);
                else finished = 1;
            }
            own = FULL;
        }
        if (cycle) continue;
        if (shift(t, w, own, q->start_leaves, finished, &nx)) { succ[n] = normalize(nx, w); masks[n++] = mask; }
    }
    return n;
}

#define TABLE (1 << 16)
static u32 table_key[TABLE];
static int table_stamp[TABLE];

static int frontier(int start_r, int start_c) {
    int transposed = rows > cols;
    int h = transposed ? cols : rows, len = transposed ? rows : cols;
    int w = 2 * h + 1, squares = h * len, steps = squares + w;
    int s = transposed ? start_r * h + start_c : start_c * h + start_r;
    u32 init = 0;
    for (int k = 0; k < w; k++) init = setlab(init, k, FULL);
    /* Every layer's states, parents and masks, one after another. */
    size_t cap = 1 << 16, used = 0;
    int *parent = malloc(cap * sizeof *parent);
    unsigned char *mask = malloc(cap);
    int *layer_start = malloc((steps + 1) * sizeof *layer_start);
    u32 *cur = malloc(TABLE * sizeof *cur), *next = malloc(TABLE * sizeof *next);
    int ncur = 1, stamp = 0;
    cur[0] = init;
    for (int i = 0; i < steps; i++) {
        int r = i % h, c = i / h;
        struct kind q;
        q.free = i < squares && (transposed ? freeb[c][r] : freeb[r][c]);
        q.is_start = i == s;
        q.start_slot = (s < i && i <= s + w) ? s + w - i : -1;
        q.start_leaves = i >= w && i - w == s;
        q.nk = 0;
        for (int k = 0; k < 4; k++) {
            int rr = r + BR[k], cc = c + BC[k];
            if (rr >= 0 && rr < h && cc >= 0) {
                q.k[q.nk] = k;
                q.slot[q.nk++] = w + BC[k] * h + BR[k];
            }
        }
        stamp++;
        layer_start[i] = (int)used;
        int nnext = 0;
        for (int p = 0; p < ncur; p++) {
            u32 succ[8];
            int masks[8];
            int n = successors(cur[p], w, &q, succ, masks);
            for (int j = 0; j < n; j++) {
                u32 h2 = (succ[j] * 2654435761u) >> 16;
                while (table_stamp[h2] == stamp && table_key[h2] != succ[j]) h2 = (h2 + 1) & (TABLE - 1);
                if (table_stamp[h2] == stamp) continue;
                table_stamp[h2] = stamp;
                table_key[h2] = succ[j];
                if (used == cap) {
                    cap *= 2;
                    parent = realloc(parent, cap * sizeof *parent);
                    mask = realloc(mask, cap);
                }
                parent[used] = p;
                mask[used++] = (unsigned char)masks[j];
                next[nnext++] = succ[j];
            }
        }
        u32 *t = cur; cur = next; next = t;
        ncur = nnext;
        if (ncur == 0) return 0;
    }
    layer_start[steps] = (int)used;
    int at = -1;
    for (int j = 0; j < ncur; j++)
        if (cur[j] & DONE) { at = j; break; }
    if (at < 0) return 0;
    static int adj[MAXN * 3][2], deg[MAXN * 3];
    memset(deg, 0, sizeof deg);
    for (int i = steps - 1; i >= 0; i--) {
        int e = layer_start[i] + at, m = mask[e];
        at = parent[e];
        int r = i % h, c = i / h;
        for (int k = 0; k < 4; k++)
            if (m >> k & 1) {
                int o = (c + BC[k]) * h + r + BR[k];
                adj[i][deg[i]++] = o;
                adj[o][deg[o]++] = i;
            }
    }
    int prev = -1, x = s;
    out_len = 0;
    for (;;) {
        int rr = x % h, cc = x / h;
        out_r[out_len] = transposed ? cc : rr;
        out_c[out_len++] = transposed ? rr : cc;
        int nx = -1;
        for (int j = 0; j < deg[x]; j++)
            if (adj[x][j] != prev) { nx = adj[x][j]; break; }
        if (nx < 0) break;
        prev = x;
        x = nx;
    }
    return 1;
}

/* ---------------------------------------------------------- graph methods */
static int g_rows, g_cols, g_free_count;
static char g_free[MAXN];
static int g_moves[MAXN][8], g_deg[MAXN];
static long long g_out[MAXN];

static void build_graph(char b[MAXS][MAXS], int r, int c) {
    g_rows = r;
    g_cols = c;
    g_free_count = 0;
    for (int i = 0; i < r * c; i++) {
        int a = i / c, bb = i % c;
        long long dr = 2 * a - (r - 1), dc = 2 * bb - (c - 1);
        g_out[i] = dr * dr + dc * dc;
        g_free[i] = b[a][bb];
        g_deg[i] = 0;
        if (!g_free[i]) continue;
        g_free_count++;
        for (int k = 0; k < 8; k++) {
            int x = a + MR[k], y = bb + MC[k];
            if (x >= 0 && x < r && y >= 0 && y < c && b[x][y]) g_moves[i][g_deg[i]++] = x * c + y;
        }
    }
}

/* Is key (d1, o1, i1) smaller than (d2, o2, i2)? */
static int less3(int d1, long long o1, int i1, int d2, long long o2, int i2) {
    if (d1 != d2) return d1 < d2;
    if (o1 != o2) return o1 < o2;
    return i1 < i2;
}

static int left_deg[MAXN];
static char visited[MAXN];

static int warnsdorff(int start, int *tour) {
    int n = g_rows * g_cols, len = 0, cur = start;
    for (int i = 0; i < n; i++) { left_deg[i] = g_deg[i]; visited[i] = 0; }
    for (;;) {
        visited[cur] = 1;
        tour[len++] = cur;
        for (int j = 0; j < g_deg[cur]; j++) left_deg[g_moves[cur][j]]--;
        if (len == g_free_count) return 1;
        int best = -1;
        for (int j = 0; j < g_deg[cur]; j++) {
            int x = g_moves[cur][j];
            if (visited[x]) continue;
            if (best < 0 || less3(left_deg[x], -g_out[x], x, left_deg[best], -g_out[best], best)) best = x;
        }
        if (best < 0) return 0;
        cur = best;
    }
}

static int others[MAXN], pos_of[MAXN];
static long long dist_key[MAXN];
static int cmp_others(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (dist_key[x] != dist_key[y]) return dist_key[x] < dist_key[y] ? -1 : 1;
    return x - y;
}

static int rotations(int start, u64 budget, int *path) {
    int n = g_rows * g_cols, c = g_cols, no = 0;
    int sr = start / c, sc = start % c, white = (sr + sc) % 2 == 0;
    for (int i = 0; i < n; i++) {
        if (g_free[i] && i != start && (((i / c + i % c) % 2 == 0) == white)) {
            long long a = i / c - sr, b = i % c - sc;
            dist_key[i] = a * a + b * b;
            others[no++] = i;
        }
    }
    qsort(others, no, sizeof *others, cmp_others);
    int found = 0;
    for (int j = 0; j < no && !found; j++) found = warnsdorff(others[j], path);
    if (!found) return 0;
    int last = g_free_count - 1;
    for (int i = 0; i <= last; i++) pos_of[path[i]] = i;
    rng_state = 0x6b6e69676874ULL;
    u64 done = 0;
    while (path[0] != start && path[last] != start) {
        if (done == budget) return 0;
        done++;
        int at_tail = rng_below(2) == 0;
        int end = at_tail ? path[last] : path[0];
        int pd[8], pa[8], np = 0;
        for (int j = 0; j < g_deg[end]; j++) {
            int at = pos_of[g_moves[end][j]], ne = -1;
            if (at_tail) { if (at + 1 < last) ne = at + 1; }
            else if (at > 1) ne = at - 1;
            if (ne >= 0) {
                int v = path[ne];
                pd[np] = abs(v / c - sr) + abs(v % c - sc);
                pa[np++] = at;
            }
        }
        if (np == 0) continue;
        int at;
        if (rng_below(3) != 0) {
            int nearest = pd[0], ties[8], nt = 0;
            for (int j = 1; j < np; j++) if (pd[j] < nearest) nearest = pd[j];
            for (int j = 0; j < np; j++) if (pd[j] == nearest) ties[nt++] = pa[j];
            at = ties[rng_below(nt)];
        } else {
            at = pa[rng_below(np)];
        }
        int lo = at_tail ? at + 1 : 0, hi = at_tail ? last + 1 : at;
        for (int a = lo, b = hi - 1; a < b; a++, b--) { int t = path[a]; path[a] = path[b]; path[b] = t; }
        for (int i = lo; i < hi; i++) pos_of[path[i]] = i;
    }
    if (path[0] != start)
        for (int a = 0, b = last; a < b; a++, b--) { int t = path[a]; path[a] = path[b]; path[b] = t; }
    return 1;
}

/* Complete depth-first search, Warnsdorff's order, with the stranding checks. */
static int by_degree[9], s_path[MAXN], s_len;
static int search_enter(int sq) {
    visited[sq] = 1;
    by_degree[left_deg[sq]]--;
    s_path[s_len++] = sq;
    for (int j = 0; j < g_deg[sq]; j++) {
        int x = g_moves[sq][j];
        if (!visited[x]) { by_degree[left_deg[x]]--; by_degree[left_deg[x] - 1]++; }
        left_deg[x]--;
    }
    int remaining = g_free_count - s_len;
    if (remaining == 0) return 1;
    int ch[8], nc = 0, stranded = 0, single = 0;
    for (int j = 0; j < g_deg[sq]; j++) {
        int x = g_moves[sq][j];
        if (visited[x]) continue;
        if (left_deg[x] == 0) stranded++;
        else if (left_deg[x] == 1) single++;
        ch[nc++] = x;
    }
    int dead = by_degree[0] > stranded || (stranded > 0 && remaining > 1) || by_degree[1] - single >= 2;
    if (!dead) {
        for (int a = 1; a < nc; a++)  /* insertion sort by the Warnsdorff key */
            for (int b = a; b > 0 && less3(left_deg[ch[b]], -g_out[ch[b]], ch[b], left_deg[ch[b - 1]], -g_out[ch[b - 1]], ch[b - 1]); b--) {
                int t = ch[b]; ch[b] = ch[b - 1]; ch[b - 1] = t;
            }
        for (int j = 0; j < nc; j++)
            if (search_enter(ch[j])) return 1;
    }
    for (int j = 0; j < g_deg[sq]; j++) {
        int x = g_moves[sq][j];
        left_deg[x]++;
        if (!visited[x]) { by_degree[left_deg[x] - 1]--; by_degree[left_deg[x]]++; }
    }
    s_len--;
    visited[sq] = 0;
    by_degree[left_deg[sq]]++;
    return 0;
}
static int search(int start, int *path) {
    int n = g_rows * g_cols;
    memset(by_degree, 0, sizeof by_degree);
    for (int i = 0; i < n; i++) {
        left_deg[i] = g_deg[i];
        visited[i] = 0;
        if (g_free[i]) by_degree[left_deg[i]]++;
    }
    s_len = 0;
    if (!search_enter(start)) return 0;
    memcpy(path, s_path, s_len * sizeof *path);
    return 1;
}

static int colours_allow(int sr, int sc) {
    int white = 0, black = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (freeb[r][c]) { if ((r + c) % 2 == 0) white++; else black++; }
    int sw = (sr + sc) % 2 == 0;
    if (white == black) return 1;
    if (white == black + 1) return sw;
    if (black == white + 1) return !sw;
    return 0;
}

static char turned[MAXS][MAXS];
static int tour[MAXN];

static int solve(int sr, int sc) {
    int free_count = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) free_count += freeb[r][c];
    if (free_count == 1) { out_r[0] = sr; out_c[0] = sc; out_len = 1; return 1; }
    int shorter = rows < cols ? rows : cols;
    if (shorter <= 3) return frontier(sr, sc);
    if (!colours_allow(sr, sc)) return 0;
    int transposed = rows > cols;
    int tr = transposed ? cols : rows, tc = transposed ? rows : cols;
    int r0 = transposed ? sc : sr, c0 = transposed ? sr : sc;
    int flip_rows = r0 > (tr - 1) / 2, flip_cols = c0 > (tc - 1) / 2;
    for (int r = 0; r < tr; r++)
        for (int c = 0; c < tc; c++) {
            int a = flip_rows ? tr - 1 - r : r, b = flip_cols ? tc - 1 - c : c;
            turned[r][c] = transposed ? freeb[b][a] : freeb[a][b];
        }
    if (flip_rows) r0 = tr - 1 - r0;
    if (flip_cols) c0 = tc - 1 - c0;
    build_graph(turned, tr, tc);
    int s = r0 * tc + c0, ok = 0;
    if (shorter == 4) {
        if ((r0 == 0 || r0 == 3) && tc != 4) ok = search(s, tour);
    } else {
        ok = warnsdorff(s, tour);
        if (!ok && g_free_count == tr * tc) ok = rotations(s, 1000000, tour);
        if (!ok) ok = search(s, tour);
    }
    if (!ok) return 0;
    out_len = g_free_count;
    for (int i = 0; i < out_len; i++) {
        int r = tour[i] / tc, c = tour[i] % tc;
        if (flip_rows) r = tr - 1 - r;
        if (flip_cols) c = tc - 1 - c;
        out_r[i] = transposed ? c : r;
        out_c[i] = transposed ? r : c;
    }
    return 1;
}

int main(void) {
    if (scanf("%d %d", &rows, &cols) != 2) return 1;
    int sr = 0, sc = 0;
    for (int r = 0; r < rows; r++) {
        char line[MAXS + 2];
        if (scanf("%65s", line) != 1) return 1;
        for (int c = 0; c < cols; c++) {
            freeb[r][c] = line[c] != '#';
            if (line[c] == 'S') { sr = r; sc = c; }
        }
    }
    if (!solve(sr, sc)) {
        puts("-1");
        return 0;
    }
    for (int i = 0; i < out_len; i++) printf("%d %d\n", out_r[i], out_c[i]);
    return 0;
}
