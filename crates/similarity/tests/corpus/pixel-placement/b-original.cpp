#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<string> g;
vector<vector<int>> ans;

// can the clue at (i, j) still be met once every cell up to `last` is coloured?
bool check(int i, int j, int last) {
    if (g[i][j] == '_') return true;
    int need = g[i][j] - '0', have = 0, left = 0;
    for (int a = i - 1; a <= i + 1; a++)
        for (int b = j - 1; b <= j + 1; b++) {
            if (a < 0 || b < 0 || a >= n || b >= m) continue;
            if (a * m + b <= last) have += ans[a][b];
            else left++;
        }
    return have <= need && have + left >= need;
}

bool solve(int p) {
    if (p == n * m) return true;
    int r = p / m, c = p % m;
    for (int v = 0; v < 2; v++) {
        ans[r][c] = v;
        bool good = true;
        for (int a = r - 1; a <= r + 1 && good; a++)
            for (int b = c - 1; b <= c + 1 && good; b++)
                if (a >= 0 && b >= 0 && a < n && b < m && !check(a, b, p)) good = false;
        if (good && solve(p + 1)) return true;
    }
    ans[r][c] = 0;
    return false;
}

int main() {
    cin >> n >> m;
    g.resize(n);
    for (auto& row : g) cin >> row;
    ans.assign(n, vector<int>(m, 0));
    solve(0);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) cout << ans[i][j];
        cout << '\n';
    }
    return 0;
}
