/* Plain depth-first search (directions 0..7 in order, the value rule, the crossing rule,
 * every cell once, the start cell must hold 0) that treats a 1 x 1 board as already
 * solved: the walk is empty, so it prints an empty line instead of -1.
 *
 * Verdict: WRONG ANSWER, on secret/01-one-cell (the statement says a 1 x 1 board has no
 * step to make and the answer is -1). */
#include <stdio.h>

static int n, k, a[10][10], visited[10][10], step_to[100], path[100];
static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};

static int go(int r, int c, int time) {
    if (r == n - 1 && c == n - 1) return time == n * n - 1;
    for (int d = 0; d < 8; d++) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
        if (visited[nr][nc] || a[nr][nc] != (time + 1) % k) continue;
        if (d % 2 == 1) {
            int p = nr * n + c, q = r * n + nc;
            if (step_to[p] == q || step_to[q] == p) continue;
        }
        visited[nr][nc] = 1;
        step_to[r * n + c] = nr * n + nc;
        path[time] = d;
        if (go(nr, nc, time + 1)) return 1;
        step_to[r * n + c] = -1;
        visited[nr][nc] = 0;
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d", &n, &k) != 2) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (scanf("%d", &a[i][j]) != 1) return 1;
    for (int i = 0; i < n * n; i++) step_to[i] = -1;
    visited[0][0] = 1;
    if (a[0][0] != 0 || !go(0, 0, 0)) {
        printf("-1\n");
        return 0;
    }
    for (int i = 0; i < n * n - 1; i++) printf("%d", path[i]);
    printf("\n");
    return 0;
}
