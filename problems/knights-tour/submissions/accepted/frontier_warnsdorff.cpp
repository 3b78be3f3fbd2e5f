// knights-tour, accepted: the reference's methods (src/solve.rs) in C++17.
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
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>
using namespace std;

typedef uint32_t u32;
typedef uint64_t u64;
typedef pair<int, int> Square;

const int MR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
const int MC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
const int BR[4] = {-1, 1, -2, 2};  // earlier neighbours: row change
const int BC[4] = {-2, -2, -1, -1};  //                   column change
const u32 EMPTY = 0, FULL = 1, END_S = 2, END_T = 3, FIRST_PAIR = 4, FRESH = 15;
const u32 T_USED = 1u << 30, DONE = 1u << 31;

struct Rng {  // SplitMix64, as checker_kit::Rng
    u64 state;
    u64 next() {
        state += 0x9e3779b97f4a7c15ULL;
        u64 z = state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    u64 below(u64 bound) {
        u64 zone = UINT64_MAX - UINT64_MAX % bound;
        for (;;) {
            u64 v = next();
            if (v < zone) return v % bound;
        }
    }
};

// ------------------------------------------------------------ frontier DP (h <= 3)
static inline u32 lab(u32 s, int k) { return (s >> (4 * k)) & 15; }
static inline u32 setlab(u32 s, int k, u32 v) { return (s & ~(15u << (4 * k))) | (v << (4 * k)); }
static u32 relabel(u32 s, int w, u32 from, u32 to) {
    for (int k = 0; k < w; k++)
        if (lab(s, k) == from) s = setlab(s, k, to);
    return s;
}
static u32 normalize(u32 s, int w) {
    u32 rename[16] = {0};
    u32 next = FIRST_PAIR, out = s;
    for (int k = 0; k < w; k++) {
        u32 v = lab(s, k);
        if (v >= FIRST_PAIR) {
            if (!rename[v]) rename[v] = next++;
            out = setlab(out, k, rename[v]);
        }
    }
    return out;
}
// Returns false when the state dies.
static bool shift(u32 s, int w, u32 newl, bool start_leaves, bool finished, u32 &out) {
    u32 leaving = s & 15;
    if (leaving == EMPTY) return false;
    if (leaving != FULL) {
        u32 anchor;
        if (start_leaves) {
            anchor = END_S;
        } else {
            if (s & T_USED) return false;
            s |= T_USED;
            anchor = END_T;
        }
        if (leaving == anchor) return false;
        if (leaving == END_S || leaving == END_T) {
            finished = true;
        } else {
            s = relabel(s, w, leaving, anchor);
            if (newl == leaving) newl = anchor;
        }
    }
    u32 flags = s & (T_USED | DONE);
    u32 slots = s & ((1u << (4 * w)) - 1);
    u32 nx = (slots >> 4) | (newl << (4 * (w - 1)));
    if (finished) {
        for (int k = 0; k < w; k++)
            if (lab(nx, k) != FULL) return false;
        nx |= DONE;
    }
    out = nx | flags;
    return true;
}
struct Kind {
    bool free, is_start, start_leaves;
    int start_slot;  // -1 when the start is not in the window
    int nk;
    int k[4], slot[4];
};
static void successors(u32 s, int w, const Kind &q, vector<pair<u32, int>> &out) {
    out.clear();
    u32 nx;
    if (!q.free) {
        if (shift(s, w, FULL, q.start_leaves, false, nx)) out.push_back({nx, 0});
        return;
    }
    if (s & DONE) return;
    int ck[4], cs[4], nc = 0;
    for (int j = 0; j < q.nk; j++) {
        u32 v = lab(s, q.slot[j]);
        if (v == FULL || (v != EMPTY && q.start_slot == q.slot[j])) continue;
        ck[nc] = q.k[j];
        cs[nc] = q.slot[j];
        nc++;
    }
    int most = q.is_start ? 1 : 2;
    for (int sub = 0; sub < (1 << nc); sub++) {
        if (__builtin_popcount(sub) > most) continue;
        u32 t = s, own = EMPTY;
        bool finished = false, cycle = false;
        int mask = 0;
        for (int j = 0; j < nc; j++) {
            if (!(sub >> j & 1)) continue;
            mask |= 1 << ck[j];
            u32 other = lab(t, cs[j]);
            if (own == EMPTY) {
                if (other == EMPTY) {
                    own = FRESH;
                    t = setlab(t, cs[j], FRESH);
                } else {
                    own = other;
                    t = setlab(t, cs[j], FULL);
                }
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
        if (shift(t, w, own, q.start_leaves, finished, nx)) out.push_back({normalize(nx, w), mask});
    }
}
// A tour of a board whose smaller side is at most 3, or an empty vector.
static vector<Square> frontier(int rows, int cols, const vector<vector<bool>> &free, Square start) {
    bool transposed = rows > cols;
    int h = transposed ? cols : rows, len = transposed ? rows : cols;
    auto is_free = [&](int r, int c) { return transposed ? free[c][r] : free[r][c]; };
    int w = 2 * h + 1, squares = h * len;
    int s = transposed ? start.first * h + start.second : start.second * h + start.first;
    u32 init = 0;
    for (int k = 0; k < w; k++) init = setlab(init, k, FULL);
    vector<u32> states = {init};
    vector<vector<pair<int, int>>> layers;  // (parent, mask) per state
    vector<pair<u32, int>> succ;
    for (int i = 0; i < squares + w; i++) {
        int r = i % h, c = i / h;
        Kind q;
        q.free = i < squares && is_free(r, c);
        q.is_start = i == s;
        q.start_slot = (s < i && i <= s + w) ? s + w - i : -1;
        q.start_leaves = i >= w && i - w == s;
        q.nk = 0;
        for (int k = 0; k < 4; k++) {
            int rr = r + BR[k], cc = c + BC[k];
            if (rr >= 0 && rr < h && cc >= 0) {
                q.k[q.nk] = k;
                q.slot[q.nk] = w + BC[k] * h + BR[k];
                q.nk++;
            }
        }
        unordered_map<u32, int> seen;
        seen.reserve(states.size() * 2 + 8);
        vector<u32> next;
        vector<pair<int, int>> layer;
        for (size_t p = 0; p < states.size(); p++) {
            successors(states[p], w, q, succ);
            for (auto &e : succ) {
                if (seen.emplace(e.first, (int)next.size()).second) {
                    next.push_back(e.first);
                    layer.push_back({(int)p, e.second});
                }
            }
        }
        layers.push_back(move(layer));
        states.swap(next);
        if (states.empty()) return {};
    }
    int at = -1;
    for (size_t j = 0; j < states.size(); j++)
        if (states[j] & DONE) { at = (int)j; break; }
    if (at < 0) return {};
    vector<vector<int>> adj(squares);
    for (int i = squares + w - 1; i >= 0; i--) {
        auto pm = layers[i][at];
        at = pm.first;
        int r = i % h, c = i / h;
        for (int k = 0; k < 4; k++)
            if (pm.second >> k & 1) {
                int o = (c + BC[k]) * h + r + BR[k];
                adj[i].push_back(o);
                adj[o].push_back(i);
            }
    }
    auto original = [&](int idx) {
        int r = idx % h, c = idx / h;
        return transposed ? Square(c, r) : Square(r, c);
    };
    vector<Square> tour = {original(s)};
    int prev = -1, cur = s;
    for (;;) {
        int nx = -1;
        for (int x : adj[cur])
            if (x != prev) { nx = x; break; }
        if (nx < 0) break;
        prev = cur;
        cur = nx;
        tour.push_back(original(cur));
    }
    return tour;
}

// ------------------------------------------------------------ graph methods
struct Graph {
    int rows, cols, free_count = 0;
    vector<char> free;
    vector<vector<int>> moves;
    vector<long long> outward;
    Graph(int r, int c, const vector<vector<bool>> &f) : rows(r), cols(c), free(r * c), moves(r * c), outward(r * c) {
        for (int i = 0; i < r * c; i++) {
            int a = i / c, b = i % c;
            long long dr = 2 * a - (r - 1), dc = 2 * b - (c - 1);
            outward[i] = dr * dr + dc * dc;
            free[i] = f[a][b];
            if (!free[i]) continue;
            free_count++;
            for (int k = 0; k < 8; k++) {
                int x = a + MR[k], y = b + MC[k];
                if (x >= 0 && x < r && y >= 0 && y < c && f[x][y]) moves[i].push_back(x * c + y);
            }
        }
    }
};

static bool warnsdorff(const Graph &g, int start, vector<int> &tour) {
    int n = g.rows * g.cols;
    vector<int> left(n);
    vector<char> visited(n, 0);
    for (int i = 0; i < n; i++) left[i] = (int)g.moves[i].size();
    tour.clear();
    int cur = start;
    for (;;) {
        visited[cur] = 1;
        tour.push_back(cur);
        for (int x : g.moves[cur]) left[x]--;
        if ((int)tour.size() == g.free_count) return true;
        int best = -1;
        tuple<int, long long, int> bk;
        for (int x : g.moves[cur]) {
            if (visited[x]) continue;
            auto key = make_tuple(left[x], -g.outward[x], x);
            if (best < 0 || key < bk) { best = x; bk = key; }
        }
        if (best < 0) return false;
        cur = best;
    }
}

static bool rotations(const Graph &g, int start, u64 budget, vector<int> &path) {
    int n = g.rows * g.cols, cols = g.cols;
    int sr = start / cols, sc = start % cols;
    bool white = (sr + sc) % 2 == 0;
    vector<int> others;
    for (int i = 0; i < n; i++)
        if (g.free[i] && i != start && (((i / cols + i % cols) % 2 == 0) == white)) others.push_back(i);
    auto dist = [&](int i) { long long a = i / cols - sr, b = i % cols - sc; return a * a + b * b; };
    sort(others.begin(), others.end(), [&](int a, int b) { return make_pair(dist(a), a) < make_pair(dist(b), b); });
    bool found = false;
    for (int o : others)
        if (warnsdorff(g, o, path)) { found = true; break; }
    if (!found) return false;
    vector<int> pos(n, 0);
    for (size_t i = 0; i < path.size(); i++) pos[path[i]] = (int)i;
    int last = (int)path.size() - 1;
    Rng rng{0x6b6e69676874ULL};
    u64 done = 0;
    while (path[0] != start && path[last] != start) {
        if (done == budget) return false;
        done++;
        bool at_tail = rng.below(2) == 0;
        int end = at_tail ? path[last] : path[0];
        pair<int, int> piv[8];
        int np = 0;
        for (int x : g.moves[end]) {
            int at = pos[x], ne = -1;
            if (at_tail) { if (at + 1 < last) ne = at + 1; }
            else if (at > 1) ne = at - 1;
            if (ne >= 0) {
                int v = path[ne];
                piv[np++] = {abs(v / cols - sr) + abs(v % cols - sc), at};
            }
        }
        if (np == 0) continue;
        int at;
        if (rng.below(3) != 0) {
            int nearest = piv[0].first;
            for (int j = 1; j < np; j++) nearest = min(nearest, piv[j].first);
            vector<int> ties;
            for (int j = 0; j < np; j++)
                if (piv[j].first == nearest) ties.push_back(piv[j].second);
            at = ties[rng.below(ties.size())];
        } else {
            at = piv[rng.below(np)].second;
        }
        int lo = at_tail ? at + 1 : 0, hi = at_tail ? last + 1 : at;
        reverse(path.begin() + lo, path.begin() + hi);
        for (int i = lo; i < hi; i++) pos[path[i]] = i;
    }
    if (path[0] != start) reverse(path.begin(), path.end());
    return true;
}

// Complete depth-first search, Warnsdorff's order, with the stranding checks.
struct Search {
    const Graph &g;
    vector<int> left, path;
    vector<char> visited;
    int by_degree[9] = {0};
    explicit Search(const Graph &graph) : g(graph), left(graph.rows * graph.cols), visited(graph.rows * graph.cols, 0) {
        for (size_t i = 0; i < left.size(); i++) {
            left[i] = (int)g.moves[i].size();
            if (g.free[i]) by_degree[left[i]]++;
        }
    }
    bool enter(int sq) {
        visited[sq] = 1;
        by_degree[left[sq]]--;
        path.push_back(sq);
        for (int x : g.moves[sq]) {
            if (!visited[x]) { by_degree[left[x]]--; by_degree[left[x] - 1]++; }
            left[x]--;
        }
        int remaining = g.free_count - (int)path.size();
        if (remaining == 0) return true;
        tuple<int, long long, int> ch[8];
        int nc = 0, stranded = 0, single = 0;
        for (int x : g.moves[sq]) {
            if (visited[x]) continue;
            if (left[x] == 0) stranded++;
            else if (left[x] == 1) single++;
            ch[nc++] = make_tuple(left[x], -g.outward[x], x);
        }
        bool dead = by_degree[0] > stranded || (stranded > 0 && remaining > 1) || by_degree[1] - single >= 2;
        if (!dead) {
            sort(ch, ch + nc);
            for (int j = 0; j < nc; j++)
                if (enter(get<2>(ch[j]))) return true;
        }
        for (int x : g.moves[sq]) {
            left[x]++;
            if (!visited[x]) { by_degree[left[x] - 1]--; by_degree[left[x]]++; }
        }
        path.pop_back();
        visited[sq] = 0;
        by_degree[left[sq]]++;
        return false;
    }
};

static bool colours_allow(int rows, int cols, const vector<vector<bool>> &free, Square s) {
    int white = 0, black = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (free[r][c]) ((r + c) % 2 == 0 ? white : black)++;
    bool sw = (s.first + s.second) % 2 == 0;
    if (white == black) return true;
    if (white == black + 1) return sw;
    if (black == white + 1) return !sw;
    return false;
}

// The tour, or an empty vector when there is none.
static vector<Square> solve(int rows, int cols, vector<vector<bool>> free, Square start) {
    int free_count = 0;
    for (auto &row : free)
        for (bool f : row) free_count += f;
    if (free_count == 1) return {start};
    int shorter = min(rows, cols);
    if (shorter <= 3) return frontier(rows, cols, free, start);
    if (!colours_allow(rows, cols, free, start)) return {};
    bool transposed = rows > cols;
    if (transposed) {
        vector<vector<bool>> t(cols, vector<bool>(rows));
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) t[c][r] = free[r][c];
        free = t;
        swap(rows, cols);
        start = {start.second, start.first};
    }
    bool flip_rows = start.first > (rows - 1) / 2, flip_cols = start.second > (cols - 1) / 2;
    if (flip_rows) {
        reverse(free.begin(), free.end());
        start.first = rows - 1 - start.first;
    }
    if (flip_cols) {
        for (auto &row : free) reverse(row.begin(), row.end());
        start.second = cols - 1 - start.second;
    }
    Graph g(rows, cols, free);
    int s = start.first * cols + start.second;
    vector<int> tour;
    bool ok = false;
    if (shorter == 4) {
        if ((start.first == 0 || start.first == 3) && cols != 4) {
            Search search(g);
            ok = search.enter(s);
            tour = search.path;
        }
    } else {
        ok = warnsdorff(g, s, tour);
        if (!ok && g.free_count == rows * cols) ok = rotations(g, s, 1000000, tour);
        if (!ok) {
            Search search(g);
            ok = search.enter(s);
            tour = search.path;
        }
    }
    if (!ok) return {};
    vector<Square> out;
    for (int idx : tour) {
        int r = idx / cols, c = idx % cols;
        if (flip_rows) r = rows - 1 - r;
        if (flip_cols) c = cols - 1 - c;
        out.push_back(transposed ? Square(c, r) : Square(r, c));
    }
    return out;
}

int main() {
    int rows, cols;
    if (!(cin >> rows >> cols)) return 1;
    vector<vector<bool>> free(rows, vector<bool>(cols));
    Square start{0, 0};
    for (int r = 0; r < rows; r++) {
        string line;
        cin >> line;
        for (int c = 0; c < cols; c++) {
            free[r][c] = line[c] != '#';
            if (line[c] == 'S') start = {r, c};
        }
    }
    vector<Square> tour = solve(rows, cols, free, start);
    string out;
    if (tour.empty()) {
        out = "-1\n";
    } else {
        for (auto &sq : tour) out += to_string(sq.first) + " " + to_string(sq.second) + "\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
