#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<string> g;
vector<vector<int>> ans;

bool inside(int a, int b) { return a >= 0 && b >= 0 && a < n && b < m; }

void print() {
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) cout << ans[i][j];
        cout << '\n';
    }
}

bool check(int i, int j, int last) {
    if (g[i][j] == '_') return true;
    int need = g[i][j] - '0';
    int have = 0;
    int left = 0;
    for (int a = i - 1; a <= i + 1; a++)
        for (int b = j - 1; b <= j + 1; b++) {
            if (!inside(a, b)) continue;
            if (a * m + b <= last) have += ans[a][b];
            else left++;
        }
    return have <= need && have + left >= need;
}

bool around_ok(int r, int c, int p) {
    for (int a = r - 1; a <= r + 1; a++)
        for (int b = c - 1; b <= c + 1; b++)
            if (inside(a, b) && !check(a, b, p)) return false;
    return true;
}

bool solve(int p) {
    if (p == n * m) return true;
    int r = p / m, c = p % m;
    for (int v = 0; v < 2; v++) {
        ans[r][c] = v;
        if (around_ok(r, c, p) && solve(p + 1)) return true;
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
    print();
    return 0;
}
