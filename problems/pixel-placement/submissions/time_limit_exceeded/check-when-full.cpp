// pixel-placement, TIME LIMIT EXCEEDED: a DFS that colours every cell and checks the clues
// only once the grid is full. It is correct (it tries every colouring, white first), but
// it tries up to 2^(n*m) of them: already the 6 x 8 sample needs about 2^48 leaves, so it
// runs out of time on the first test. (On boards that an all-white or near all-white
// colouring solves, such as 1 x 1 boards or all "_", it answers at once.)
#include <cstdio>

int n, m, clue[10][10], colour[10][10];

bool allCluesMet() {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            if (clue[r][c] < 0) continue;
            int black = 0;
            for (int a = r - 1; a <= r + 1; a++)
                for (int b = c - 1; b <= c + 1; b++)
                    if (a >= 0 && b >= 0 && a < n && b < m) black += colour[a][b];
            if (black != clue[r][c]) return false;
        }
    return true;
}

bool dfs(int k) {
    if (k == n * m) return allCluesMet();
    for (int v = 0; v < 2; v++) {
        colour[k / m][k % m] = v;
        if (dfs(k + 1)) return true;
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
    if (dfs(0))
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < m; c++) putchar('0' + colour[r][c]);
            putchar('\n');
        }
    return 0;
}
