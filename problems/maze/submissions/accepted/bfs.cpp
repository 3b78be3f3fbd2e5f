// Accepted: BFS from S with shortest-route counting modulo 1e9+7, then a route rebuilt
// from E by stepping to any neighbour whose distance is one less. O(n*m).
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    const long long MOD = 1000000007LL;
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto &row : g) cin >> row;
    int sr = 0, sc = 0, er = 0, ec = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            if (g[r][c] == 'S') sr = r, sc = c;
            if (g[r][c] == 'E') er = r, ec = c;
        }
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char name[4] = {'U', 'D', 'L', 'R'};
    vector<int> dist(n * m, -1);
    vector<long long> cnt(n * m, 0);
    queue<pair<int, int>> q;
    dist[sr * m + sc] = 0;
    cnt[sr * m + sc] = 1;
    q.push({sr, sc});
    while (!q.empty()) {
        auto [r, c] = q.front();
        q.pop();
        int u = r * m + c;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= n || nc < 0 || nc >= m || g[nr][nc] == '#') continue;
            int v = nr * m + nc;
            if (dist[v] == -1) {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                q.push({nr, nc});
            } else if (dist[v] == dist[u] + 1) {
                cnt[v] = (cnt[v] + cnt[u]) % MOD;
            }
        }
    }
    int e = er * m + ec;
    if (dist[e] == -1) {
        cout << "-1\n";
        return 0;
    }
    string route;
    int r = er, c = ec;
    while (r != sr || c != sc) {
        for (int k = 0; k < 4; k++) {
            int pr = r - dr[k], pc = c - dc[k];
            if (pr < 0 || pr >= n || pc < 0 || pc >= m || g[pr][pc] == '#') continue;
            if (dist[pr * m + pc] == dist[r * m + c] - 1) {
                route += name[k];
                r = pr, c = pc;
                break;
            }
        }
    }
    reverse(route.begin(), route.end());
    cout << dist[e] << "\n" << cnt[e] << "\n" << route << "\n";
}
