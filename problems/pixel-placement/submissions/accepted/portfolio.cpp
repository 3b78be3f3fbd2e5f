// pixel-placement, accepted (C++17): the reference's method (src/solver.rs).
//
// Cells are decided in row-major order, white and black, so the search is complete. Cut
// short only by sound means: clue propagation (a full clue makes its other cells white, a
// clue needing all its unknown cells makes them black; two overlapping clues bound the
// black count of their shared cells and may force either side), a memo of failed cuts
// (with cells < k decided, the rest only depends on k and on what each clue straddling k
// still needs), and a portfolio: the 8 symmetric images of the board, each run white-first
// and black-first with a node budget that doubles each round (the first run to finish
// answers; a budget never marks a state failed).
#include <bits/stdc++.h>
using namespace std;

typedef unsigned __int128 Key;
struct KeyHash {
    size_t operator()(Key key) const {
        uint64_t mixed = (uint64_t)key ^ ((uint64_t)(key >> 64) * 0x9e3779b97f4a7c15ULL);
        return (mixed ^ (mixed >> 29)) * 0xbf58476d1ce4e5b9ULL;
    }
};

const int UNKNOWN = 2;
enum Step { FOUND, FAILED, OUT_OF_BUDGET };

struct Overlap {
    int other;
    vector<int> shared, mineOnly, otherOnly;
};

struct Search {
    int cells = 0;
    vector<int> target;
    vector<vector<int>> clueCells, cellClues, straddling;
    vector<vector<Overlap>> overlaps;
    vector<int> value, black, unknown, need, trail, queue;
    vector<char> queued;
    unordered_set<Key, KeyHash> failed;
    bool consistent = true;
    int first = 0;
    long long nodes = 0, budget = 0;

    Search(int rows, int cols, const vector<int>& clue) {
        cells = rows * cols;
        cellClues.assign(cells, {});
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                if (clue[r * cols + c] < 0) continue;
                int id = target.size();
                target.push_back(clue[r * cols + c]);
                vector<int> block;
                for (int a = max(0, r - 1); a <= min(rows - 1, r + 1); a++)
                    for (int b = max(0, c - 1); b <= min(cols - 1, c + 1); b++) {
                        block.push_back(a * cols + b);
                        cellClues[a * cols + b].push_back(id);
                    }
                clueCells.push_back(block);
            }
        int clues = target.size();
        overlaps.assign(clues, {});
        for (int a = 0; a < clues; a++)
            for (int b = 0; b < clues; b++) {
                if (a == b) continue;
                Overlap o;
                o.other = b;
                for (int x : clueCells[a]) {
                    bool inB = count(clueCells[b].begin(), clueCells[b].end(), x) > 0;
                    (inB ? o.shared : o.mineOnly).push_back(x);
                }
                if (o.shared.empty()) continue;
                for (int x : clueCells[b])
                    if (!count(o.shared.begin(), o.shared.end(), x)) o.otherOnly.push_back(x);
                overlaps[a].push_back(o);
            }
        straddling.assign(cells + 1, {});
        for (int k = 0; k <= cells; k++)
            for (int id = 0; id < clues; id++)
                if (clueCells[id].front() < k && k <= clueCells[id].back()) straddling[k].push_back(id);
        value.assign(cells, UNKNOWN);
        black.assign(clues, 0);
        unknown.resize(clues);
        for (int id = 0; id < clues; id++) unknown[id] = clueCells[id].size();
        need = target;
        queued.assign(clues, 1);
        for (int id = 0; id < clues; id++) queue.push_back(id);
        consistent = propagate();
    }

    void assign(int cell, int colour) {
        value[cell] = colour;
        trail.push_back(cell);
        for (int id : cellClues[cell]) {
            unknown[id]--;
            black[id] += colour;
            if (!queued[id]) { queued[id] = 1; queue.push_back(id); }
        }
    }
    void undoTo(size_t mark) {
        while (trail.size() > mark) {
            int cell = trail.back(); trail.pop_back();
            for (int id : cellClues[cell]) { unknown[id]++; black[id] -= value[cell]; }
            value[cell] = UNKNOWN;
        }
    }
    void force(const vector<int>& list, int colour) {
        for (int cell : list) if (value[cell] == UNKNOWN) assign(cell, colour);
    }
    bool single(int id) {
        int t = target[id], b = black[id], u = unknown[id];
        if (b > t || b + u < t) return false;
        if (u > 0 && b == t) force(clueCells[id], 0);
        else if (u > 0 && b + u == t) force(clueCells[id], 1);
        return true;
    }
    bool pairs(int id) {
        for (const Overlap& o : overlaps[id]) {
            int us = 0;
            for (int cell : o.shared) us += value[cell] == UNKNOWN;
            if (us == 0) continue;
            int mineLeft = target[id] - black[id], otherLeft = target[o.other] - black[o.other];
            int mineOnly = unknown[id] - us, otherOnly = unknown[o.other] - us;
            int low = max({0, mineLeft - mineOnly, otherLeft - otherOnly});
            int high = min({us, mineLeft, otherLeft});
            if (low > high) return false;
            if (mineOnly > 0 && mineLeft == low) force(o.mineOnly, 0);
            else if (mineOnly > 0 && mineLeft - high == mineOnly) force(o.mineOnly, 1);
            if (otherOnly > 0 && otherLeft == low) force(o.otherOnly, 0);
            else if (otherOnly > 0 && otherLeft - high == otherOnly) force(o.otherOnly, 1);
            if (high == 0) force(o.shared, 0);
            else if (low == us) force(o.shared, 1);
        }
        return true;
    }
    bool propagate() {
        while (!queue.empty()) {
            int id = queue.back(); queue.pop_back();
            queued[id] = 0;
            if (!single(id) || !pairs(id)) {
                for (int q : queue) queued[q] = 0;
                queue.clear();
                return false;
            }
        }
        return true;
    }
    Key key(int k) {
        Key needs = 0;
        for (int id : straddling[k]) needs = needs << 4 | (Key)need[id];
        return needs << 7 | (Key)k;
    }
    Step dfs(int k) {
        if (++nodes > budget) return OUT_OF_BUDGET;
        if (k == cells) return FOUND;
        Key kk = key(k);
        if (failed.count(kk)) return FAILED;
        int forced = value[k];
        for (int colour : {first, 1 - first}) {
            if (forced != UNKNOWN && forced != colour) continue;
            size_t mark = trail.size();
            if (forced == UNKNOWN) {
                assign(k, colour);
                if (!propagate()) { undoTo(mark); continue; }
            }
            for (int id : cellClues[k]) need[id] -= colour;
            Step step = dfs(k + 1);
            if (step == FOUND) return step;
            for (int id : cellClues[k]) need[id] += colour;
            undoTo(mark);
            if (step == OUT_OF_BUDGET) return step;
        }
        failed.insert(kk);
        return FAILED;
    }
    Step run(long long b, int blackFirst) {
        nodes = 0; budget = b; first = blackFirst;
        return consistent ? dfs(0) : FAILED;
    }
};

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    vector<int> clue(n * m);
    for (int r = 0; r < n; r++) {
        char line[16];
        if (scanf("%15s", line) != 1) return 1;
        for (int c = 0; c < m; c++) clue[r * m + c] = line[c] == '_' ? -1 : line[c] - '0';
    }
    // Symmetry s: flip rows (bit 0), flip columns (bit 1), then transpose (bit 2).
    auto image = [&](int s, int r, int c) {
        if (s & 1) r = n - 1 - r;
        if (s & 2) c = m - 1 - c;
        return (s & 4) ? c * n + r : r * m + c;
    };
    vector<Search> searches;
    for (int s = 0; s < 8; s++) {
        vector<int> moved(n * m);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < m; c++) moved[image(s, r, c)] = clue[r * m + c];
        searches.emplace_back((s & 4) ? m : n, (s & 4) ? n : m, moved);
    }
    for (long long budget = 256;; budget *= 2)
        for (int s = 0; s < 8; s++)
            for (int blackFirst = 0; blackFirst < 2; blackFirst++) {
                Step step = searches[s].run(budget, blackFirst);
                if (step == OUT_OF_BUDGET) continue;
                if (step == FAILED) return 1;  // no colouring: the tests promise one
                string out;
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < m; c++) out += char('0' + searches[s].value[image(s, r, c)]);
                    out += '\n';
                }
                fputs(out.c_str(), stdout);
                return 0;
            }
}
