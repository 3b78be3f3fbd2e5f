#include <cstdio>
#include <queue>
#include <string>
#include <vector>
#include <algorithm>
using namespace std;

struct Cell { int r, c; };

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<string> maze(n);
    char buf[1024];
    Cell s{0, 0}, e{0, 0};
    for (int i = 0; i < n; ++i) {
        scanf("%1023s", buf);
        maze[i] = buf;
        size_t p = maze[i].find('S');
        if (p != string::npos) s = {i, (int)p};
        p = maze[i].find('E');
        if (p != string::npos) e = {i, (int)p};
    }
    const long long MOD = 1000000007LL;
    vector<vector<int>> d(n, vector<int>(m, -1));
    vector<vector<long long>> f(n, vector<long long>(m, 0));
    vector<vector<char>> from(n, vector<char>(m, 0));
    queue<Cell> q;
    q.push(s);
    d[s.r][s.c] = 0;
    f[s.r][s.c] = 1;
    const int R[4] = {1, 0, 0, -1};
    const int C[4] = {0, -1, 1, 0};
    const char L[4] = {'D', 'L', 'R', 'U'};
    while (!q.empty()) {
        Cell u = q.front();
        q.pop();
        if (u.r == e.r && u.c == e.c) continue;
        for (int k = 0; k < 4; ++k) {
            Cell v{u.r + R[k], u.c + C[k]};
            if (v.r < 0 || v.c < 0 || v.r >= n || v.c >= m) continue;
            if (maze[v.r][v.c] == '#') continue;
            if (d[v.r][v.c] < 0) {
                d[v.r][v.c] = d[u.r][u.c] + 1;
                from[v.r][v.c] = L[k];
                q.push(v);
            }
            if (d[v.r][v.c] == d[u.r][u.c] + 1) f[v.r][v.c] = (f[v.r][v.c] + f[u.r][u.c]) % MOD;
        }
    }
    if (d[e.r][e.c] < 0) { puts("-1"); return 0; }
    string way;
    Cell cur = e;
    while (cur.r != s.r || cur.c != s.c) {
        char ch = from[cur.r][cur.c];
        way.push_back(ch);
        if (ch == 'D') cur.r--;
        else if (ch == 'U') cur.r++;
        else if (ch == 'L') cur.c++;
        else cur.c--;
    }
    reverse(way.begin(), way.end());
    printf("%d\n%lld\n%s\n", d[e.r][e.c], f[e.r][e.c], way.c_str());
}
