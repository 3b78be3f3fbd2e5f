// Wrong answer: counts shortest routes in unsigned 64-bit integers and reduces modulo
// 1e9+7 only when printing. Right while every count fits in 64 bits; an open 40 x 40 maze
// has C(78, 39) ~ 2.6e22 routes, the sums wrap around and the remainder is wrong
// (secret/11-open-past-64-bits: "count differs").
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto &row : g) cin >> row;
    int s = 0, e = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            if (g[r][c] == 'S') s = r * m + c;
            if (g[r][c] == 'E') e = r * m + c;
        }
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char name[4] = {'U', 'D', 'L', 'R'};
    vector<int> dist(n * m, -1);
    vector<unsigned long long> cnt(n * m, 0);
    vector<int> q = {s};
    dist[s] = 0;
    cnt[s] = 1;
    for (size_t h = 0; h < q.size(); h++) {
        int u = q[h], r = u / m, c = u % m;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= n || nc < 0 || nc >= m || g[nr][nc] == '#') continue;
            int v = nr * m + nc;
            if (dist[v] == -1) {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                q.push_back(v);
            } else if (dist[v] == dist[u] + 1) {
                cnt[v] += cnt[u];  // no modulo here
            }
        }
    }
    if (dist[e] == -1) {
        cout << "-1\n";
        return 0;
    }
    string route;
    for (int v = e; v != s;) {
        int r = v / m, c = v % m;
        for (int k = 0; k < 4; k++) {
            int pr = r - dr[k], pc = c - dc[k];
            if (pr < 0 || pr >= n || pc < 0 || pc >= m) continue;
            int u = pr * m + pc;
            if (g[pr][pc] != '#' && dist[u] == dist[v] - 1) {
                route += name[k];
                v = u;
                break;
            }
        }
    }
    reverse(route.begin(), route.end());
    cout << dist[e] << "\n" << cnt[e] % 1000000007ULL << "\n" << route << "\n";
}
