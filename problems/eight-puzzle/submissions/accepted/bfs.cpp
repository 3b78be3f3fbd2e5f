// Accepted: breadth-first search from the goal; a state is the 9-digit number it spells,
// kept in a hash map with its distance to the goal and its number of shortest sequences
// to the goal. Unreached start: -1. The smallest sequence (D < L < R < U) greedily.
#include <bits/stdc++.h>
using namespace std;

static const int POW10[9] = {100000000, 10000000, 1000000, 100000, 10000, 1000, 100, 10, 1};

static int digit(int s, int i) { return s / POW10[i] % 10; }

static int blank_of(int s) {
    for (int i = 0; i < 9; i++)
        if (digit(s, i) == 0) return i;
    return -1;
}

// The moves from s in the order D, L, R, U: (letter index, next state).
static vector<pair<int, int>> moves(int s) {
    int b = blank_of(s);
    int targets[4] = {b < 6 ? b + 3 : -1, b % 3 > 0 ? b - 1 : -1, b % 3 < 2 ? b + 1 : -1,
                      b >= 3 ? b - 3 : -1};
    vector<pair<int, int>> out;
    for (int k = 0; k < 4; k++) {
        int t = targets[k];
        if (t < 0) continue;
        int tile = digit(s, t);
        // The tile leaves t (becomes 0) and lands on b.
        out.push_back({k, s - tile * POW10[t] + tile * POW10[b]});
    }
    return out;
}

int main() {
    string a, b;
    cin >> a >> b;
    int start = stoi(a), goal = stoi(b);
    unordered_map<int, pair<int, int>> table;  // state -> (distance, count)
    table.reserve(1 << 19);
    table[goal] = {0, 1};
    vector<int> q = {goal};
    q.reserve(181440);
    for (size_t h = 0; h < q.size(); h++) {
        int s = q[h];
        auto [d, c] = table[s];
        for (auto [k, t] : moves(s)) {
            auto it = table.find(t);
            if (it == table.end()) {
                table[t] = {d + 1, c};
                q.push_back(t);
            } else if (it->second.first == d + 1) {
                it->second.second += c;
            }
        }
    }
    auto it = table.find(start);
    if (it == table.end()) {
        cout << "-1\n";
        return 0;
    }
    const string letters = "DLRU";
    string seq;
    int s = start;
    for (int left = it->second.first; left > 0; left--) {
        for (auto [k, t] : moves(s)) {
            auto nt = table.find(t);
            if (nt != table.end() && nt->second.first == left - 1) {
                seq += letters[k];
                s = t;
                break;
            }
        }
    }
    cout << it->second.first << "\n" << it->second.second << "\n" << seq << "\n";
}
