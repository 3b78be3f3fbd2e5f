/* pixel-placement, WRONG ANSWER: misreads the rule as "x of the 8 neighbours are black",
 * leaving the digit's own cell out of its count (the statement says the 3 x 3 block
 * includes the cell itself). The search (a row-major DFS that keeps every clue feasible) is
 * otherwise right, but it solves another puzzle: the sample has no colouring under the
 * misread rule, so it prints nothing ("too few lines: line 1 is missing"); on boards where
 * the misread rule can be met, it prints colourings that break the real one. */
#include <stdio.h>

int n, m, clue[10][10], need[10][10], undecided[10][10], colour[10][10];

static int counts(int a, int b, int r, int c) {
    return a >= 0 && b >= 0 && a < n && b < m && clue[a][b] >= 0 && !(a == r && b == c);
}

static int dfs(int k) {
    if (k == n * m) return 1;
    int r = k / m, c = k % m;
    for (int v = 0; v < 2; v++) {
        int ok = 1;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (!counts(a, b, r, c)) continue;
                undecided[a][b]--;
                need[a][b] -= v;
                if (need[a][b] < 0 || need[a][b] > undecided[a][b]) ok = 0;
            }
        colour[r][c] = v;
        if (ok && dfs(k + 1)) return 1;
        for (int a = r - 1; a <= r + 1; a++)
            for (int b = c - 1; b <= c + 1; b++) {
                if (!counts(a, b, r, c)) continue;
                undecided[a][b]++;
                need[a][b] += v;
            }
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    for (int r = 0; r < n; r++) {
        char line[16];
        if (scanf("%15s", line) != 1) return 1;
        for (int c = 0; c < m; c++) clue[r][c] = line[c] == '_' ? -1 : line[c] - '0';
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            need[r][c] = clue[r][c];
            undecided[r][c] = 0;
            for (int a = r - 1; a <= r + 1; a++)
                for (int b = c - 1; b <= c + 1; b++)
                    if (a >= 0 && b >= 0 && a < n && b < m && !(a == r && b == c)) undecided[r][c]++;
        }
    if (dfs(0))
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < m; c++) putchar('0' + colour[r][c]);
            putchar('\n');
        }
    return 0;
}
