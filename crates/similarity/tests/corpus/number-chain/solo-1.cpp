#include <bits/stdc++.h>
using namespace std;

int n, k;
vector<vector<int>> g;
vector<vector<bool>> taken;
set<array<int, 4>> moves;
string best;
const int DX[] = {-1, -1, 0, 1, 1, 1, 0, -1};
const int DY[] = {0, 1, 1, 1, 0, -1, -1, -1};

bool search(int x, int y, int left) {
    if (left == 0) return x == n - 1 && y == n - 1;
    if (x == n - 1 && y == n - 1) return false;
    int want = (g[x][y] + 1) % k;
    for (int d = 0; d < 8; ++d) {
        int u = x + DX[d], v = y + DY[d];
        bool inside = u >= 0 && v >= 0 && u < n && v < n;
        if (!inside || taken[u][v] || g[u][v] != want) continue;
        bool diagonal = DX[d] != 0 && DY[d] != 0;
        if (diagonal && (moves.count({x + DX[d], y, x, y + DY[d]}) || moves.count({x, y + DY[d], x + DX[d], y}))) continue;
        taken[u][v] = true;
        moves.insert({x, y, u, v});
        best += char('0' + d);
        if (search(u, v, left - 1)) return true;
        best.pop_back();
        moves.erase({x, y, u, v});
        taken[u][v] = false;
    }
    return false;
}

int main() {
    cin >> n >> k;
    g.assign(n, vector<int>(n));
    taken.assign(n, vector<bool>(n, false));
    for (auto& row : g)
        for (auto& x : row) cin >> x;
    taken[0][0] = true;
    bool ok = n > 1 && g[0][0] == 0 && search(0, 0, n * n - 1);
    cout << (ok ? best : string("-1")) << '\n';
}
