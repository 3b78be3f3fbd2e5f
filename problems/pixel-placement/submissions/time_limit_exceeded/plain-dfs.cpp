// pixel-placement, TIME LIMIT EXCEEDED: a row-major DFS with the usual pruning and nothing
// more: after each cell, every clue whose block holds it must stay feasible (black so far
// <= x <= black so far + undecided cells of the block), and a complete block must hold
// exactly x. It is correct, but a wrong early choice can survive these checks for rows, and
// the same dead ends are explored again under every prefix that leads to them (no memo).
// Over the limit on the random secret/21-wide (1.2-1.6 s) and far over it (> 4 s) on
// secret/22-hard-plain, a board found by a local search to maximise exactly this DFS's
// node count.
#include <cstdio>
int n, m, clue[10][10], need[10][10], und[10][10], col[10][10];
bool dfs(int k) {
    if (k == n * m) return true;
    int r = k / m, c = k % m;
    for (int v = 0; v < 2; v++) {
        bool ok = true;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (a < 0 || b < 0 || a >= n || b >= m || clue[a][b] < 0) continue;
                und[a][b]--; need[a][b] -= v;
                if (need[a][b] < 0 || need[a][b] > und[a][b]) ok = false;
            }
        col[r][c] = v;
        if (ok && dfs(k + 1)) return true;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (a < 0 || b < 0 || a >= n || b >= m || clue[a][b] < 0) continue;
                und[a][b]++; need[a][b] += v;
            }
    }
    return false;
}
int main() {
    scanf("%d %d", &n, &m);
    for (int r = 0; r < n; r++) {
        char s[16]; scanf("%s", s);
        for (int c = 0; c < m; c++) {
            clue[r][c] = s[c] == '_' ? -1 : s[c] - '0';
            need[r][c] = clue[r][c];
            und[r][c] = 0;
        }
    }
    for (int r = 0; r < n; r++) for (int c = 0; c < m; c++)
        for (int a = r - 1; a <= r + 1; a++) for (int b = c - 1; b <= c + 1; b++)
            if (a >= 0 && b >= 0 && a < n && b < m) und[r][c]++;
    if (dfs(0)) for (int r = 0; r < n; r++) { for (int c = 0; c < m; c++) putchar('0' + col[r][c]); putchar('\n'); }
}
