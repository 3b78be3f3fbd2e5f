// Too slow: a correct breadth-first search over the LETTERED boards, keeping every piece
// distinct (the state is the 20 letters, as the input writes them). Two boards that differ
// only by swapping two soldiers, or two generals of one shape, are different states here,
// so the search stores up to (number of ways to permute each shape's pieces) times more
// states than the canonical one: on 横刀立马 (secret/11-heng-dao-li-ma) it meets
// 10 741 787 boards before the exit instead of 24 048 (32 s of CPU and 2.1 GB measured
// without limits). It passes the boards near the exit and runs past 1.5 s on the classic
// layouts; the time limit stops it before the memory limit does.
#include <bits/stdc++.h>
using namespace std;

int main() {
    string g, row;
    for (int r = 0; r < 5; r++) {
        cin >> row;
        g += row;
    }
    auto at_exit = [](const string& s) {
        char c = s[13];
        return c != '.' && s[14] == c && s[17] == c && s[18] == c && count(s.begin(), s.end(), c) == 4;
    };
    unordered_map<string, pair<string, string>> parent;
    parent[g] = {"", ""};
    deque<string> queue{g};
    string goal = at_exit(g) ? g : "";
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char name[4] = {'U', 'D', 'L', 'R'};
    while (!queue.empty() && goal.empty()) {
        string s = queue.front();
        queue.pop_front();
        for (char p = 'A'; p <= 'Z' && goal.empty(); p++) {
            if (s.find(p) == string::npos) continue;
            for (int d = 0; d < 4 && goal.empty(); d++) {
                bool ok = true;
                for (int j = 0; j < 20 && ok; j++) {
                    if (s[j] != p) continue;
                    int r = j / 4 + dr[d], c = j % 4 + dc[d];
                    if (r < 0 || r > 4 || c < 0 || c > 3) ok = false;
                    else if (s[r * 4 + c] != '.' && s[r * 4 + c] != p) ok = false;
                }
                if (!ok) continue;
                string t = s;
                for (int j = 0; j < 20; j++)
                    if (s[j] == p) t[j] = '.';
                for (int j = 0; j < 20; j++)
                    if (s[j] == p) t[(j / 4 + dr[d]) * 4 + j % 4 + dc[d]] = p;
                if (parent.count(t)) continue;
                parent[t] = {s, string(1, p) + name[d]};
                if (at_exit(t)) goal = t;
                queue.push_back(t);
            }
        }
    }
    if (goal.empty()) {
        puts("-1");
        return 0;
    }
    vector<string> moves;
    for (string t = goal; !parent[t].first.empty(); t = parent[t].first) moves.push_back(parent[t].second);
    reverse(moves.begin(), moves.end());
    printf("%zu\n", moves.size());
    for (size_t i = 0; i < moves.size(); i++) printf("%s%c", moves[i].c_str(), i + 1 < moves.size() ? ' ' : '\n');
    if (moves.empty()) puts("");
}
