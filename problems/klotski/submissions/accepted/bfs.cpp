// Breadth-first search over canonical states: each cell records the shape whose top-left
// corner it is (or that it is empty or covered), so pieces of one shape are
// interchangeable and at most 175 580 states are stored. Moves found on shapes are
// replayed on the lettered board to name the pieces.
#include <bits/stdc++.h>
using namespace std;

typedef unsigned long long u64;
const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
const char DIR[4] = {'U', 'D', 'L', 'R'};
const int H[5] = {0, 1, 1, 2, 2}, W[5] = {0, 1, 2, 1, 2};

struct Cells {
    array<int, 20> code{};
    void place(int kind, int r, int c) {
        for (int y = 0; y < H[kind]; y++)
            for (int x = 0; x < W[kind]; x++) code[(r + y) * 4 + c + x] = 5;
        code[r * 4 + c] = kind;
    }
    u64 pack() const {
        u64 s = 0;
        for (int i = 0; i < 20; i++) s |= (u64)code[i] << (3 * i);
        return s;
    }
    static Cells unpack(u64 s) {
        Cells c;
        for (int i = 0; i < 20; i++) c.code[i] = (s >> (3 * i)) & 7;
        return c;
    }
};

int main() {
    string g;
    for (int r = 0; r < 5; r++) {
        string row;
        cin >> row;
        g += row;
    }
    Cells start;
    for (int i = 0; i < 20; i++) {
        if (g[i] == '.' || start.code[i]) continue;
        vector<int> cells;
        for (int j = i; j < 20; j++)
            if (g[j] == g[i]) cells.push_back(j);
        int kind = cells.size() == 1 ? 1 : cells.size() == 4 ? 4 : (cells[1] == cells[0] + 1 ? 2 : 3);
        start.place(kind, i / 4, i % 4);
    }
    vector<u64> states{start.pack()};
    vector<int> parent{-1}, step{0};
    unordered_map<u64, int> seen;
    seen.reserve(1 << 19);
    seen[states[0]] = 0;
    int found = start.code[13] == 4 ? 0 : -1;
    for (size_t head = 0; head < states.size() && found < 0; head++) {
        Cells cur = Cells::unpack(states[head]);
        for (int a = 0; a < 20 && found < 0; a++) {
            int kind = cur.code[a];
            if (kind == 0 || kind == 5) continue;
            int r = a / 4, c = a % 4;
            for (int d = 0; d < 4 && found < 0; d++) {
                int nr = r + DR[d], nc = c + DC[d];
                if (nr < 0 || nc < 0 || nr + H[kind] > 5 || nc + W[kind] > 4) continue;
                bool ok = true;
                for (int y = 0; y < H[kind]; y++)
                    for (int x = 0; x < W[kind]; x++) {
                        int tr = nr + y, tc = nc + x;
                        bool own = tr >= r && tr < r + H[kind] && tc >= c && tc < c + W[kind];
                        if (cur.code[tr * 4 + tc] && !own) ok = false;
                    }
                if (!ok) continue;
                Cells next = cur;
                for (int y = 0; y < H[kind]; y++)
                    for (int x = 0; x < W[kind]; x++) next.code[(r + y) * 4 + c + x] = 0;
                next.place(kind, nr, nc);
                u64 s = next.pack();
                if (!seen.emplace(s, (int)states.size()).second) continue;
                states.push_back(s);
                parent.push_back((int)head);
                step.push_back(a * 4 + d);
                if (next.code[13] == 4) found = (int)states.size() - 1;
            }
        }
    }
    if (found < 0) {
        puts("-1");
        return 0;
    }
    vector<int> path;
    for (int i = found; parent[i] >= 0; i = parent[i]) path.push_back(step[i]);
    reverse(path.begin(), path.end());
    printf("%zu\n", path.size());
    string line;
    for (int p : path) {
        int a = p / 4, d = p % 4;
        char letter = g[a];
        vector<int> cells;
        for (int j = 0; j < 20; j++)
            if (g[j] == letter) cells.push_back(j);
        for (int j : cells) g[j] = '.';
        for (int j : cells) g[j + DR[d] * 4 + DC[d]] = letter;
        if (!line.empty()) line += ' ';
        line += letter;
        line += DIR[d];
    }
    puts(line.c_str());
}
