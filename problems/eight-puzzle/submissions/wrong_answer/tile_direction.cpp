// Wrong answer: names each move by the direction the TILE travels (the opposite of the
// blank's), and takes the smallest sequence in that naming. Otherwise a correct BFS from
// the goal. Distance and count are right; the third line is wrong on every test with
// d > 0 (the sample starts with L for the blank, R for the tile).
#include <bits/stdc++.h>
using namespace std;

int main() {
    string start, goal;
    cin >> start >> goal;
    // The blank moves by these offsets; the letter says where the tile goes: a blank moving
    // down lets the tile below move UP, and so on. Kept in the letters' order D, L, R, U.
    const vector<pair<char, int>> moves = {{'D', -3}, {'L', 1}, {'R', -1}, {'U', 3}};
    auto next = [&](const string &s, int offset, string &out) {
        int b = s.find('0'), t = b + offset;
        if (t < 0 || t > 8) return false;
        if ((offset == 1 || offset == -1) && t / 3 != b / 3) return false;
        out = s;
        swap(out[b], out[t]);
        return true;
    };
    unordered_map<string, pair<int, long long>> table;
    table.reserve(1 << 19);
    table[goal] = {0, 1};
    deque<string> q = {goal};
    while (!q.empty()) {
        string s = q.front();
        q.pop_front();
        auto [d, c] = table[s];
        for (auto [letter, offset] : moves) {
            string t;
            if (!next(s, offset, t)) continue;
            auto it = table.find(t);
            if (it == table.end()) {
                table[t] = {d + 1, c};
                q.push_back(t);
            } else if (it->second.first == d + 1) {
                it->second.second += c;
            }
        }
    }
    if (!table.count(start)) {
        cout << "-1\n";
        return 0;
    }
    auto [d, c] = table[start];
    string seq, s = start;
    for (int left = d; left > 0; left--) {
        for (auto [letter, offset] : moves) {
            string t;
            if (next(s, offset, t) && table.count(t) && table[t].first == left - 1) {
                seq += letter;
                s = t;
                break;
            }
        }
    }
    cout << d << "\n" << c << "\n" << seq << "\n";
}
