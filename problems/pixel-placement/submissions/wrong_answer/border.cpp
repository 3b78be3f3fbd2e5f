// pixel-placement, WRONG ANSWER: mishandles the blocks at the border. The author thought a
// clue on the edge of the grid "has no full 3 x 3 block" and so never constrains anything,
// and keeps only the clues with all 8 neighbours inside the grid. The search itself (a
// row-major DFS keeping every kept clue feasible) is fine, but the colouring it prints can
// break edge and corner clues: on the sample, "the clue at (0, 1) = 1 sees 2 black cells".
#include <cstdio>

int n, m, clue[10][10], need[10][10], undecided[10][10], colour[10][10];

bool inside(int r, int c) { return r >= 0 && c >= 0 && r < n && c < m; }
bool kept(int r, int c) { return r >= 1 && c >= 1 && r <= n - 2 && c <= m - 2 && clue[r][c] >= 0; }

bool dfs(int k) {
    if (k == n * m) return true;
    int r = k / m, c = k % m;
    for (int v = 0; v < 2; v++) {
        bool ok = true;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (!inside(a, b) || !kept(a, b)) continue;
                undecided[a][b]--;
                need[a][b] -= v;
                if (need[a][b] < 0 || need[a][b] > undecided[a][b]) ok = false;
            }
        colour[r][c] = v;
        if (ok && dfs(k + 1)) return true;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (!inside(a, b) || !kept(a, b)) continue;
                undecided[a][b]++;
                need[a][b] += v;
            }
    }
    return false;
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    for (int r = 0; r < n; r++) {
        char line[16];
        if (scanf("%15s", line) != 1) return 1;
        for (int c = 0; c < m; c++) clue[r][c] = line[c] == '_' ? -1 : line[c] - '0';
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            need[r][c] = clue[r][c];
            undecided[r][c] = 9;  // every kept clue is an interior one
        }
    if (dfs(0))
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < m; c++) putchar('0' + colour[r][c]);
            putchar('\n');
        }
    return 0;
}
