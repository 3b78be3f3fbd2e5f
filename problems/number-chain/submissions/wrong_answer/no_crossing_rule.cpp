// Plain depth-first search that forgets rule 4 (diagonal steps must not cross): directions
// 0..7 in order, the value rule, every cell once, the start cell must hold 0, 1 x 1 prints -1.
//
// Verdict: WRONG ANSWER, already on sample/1: it prints 35271244, whose fourth step
// (2,1) -> (1,0) crosses the earlier step (1,1) -> (2,0) (and whose fifth crosses the
// first); the answer is 41255214. (On secret/04-crossing-trap, 3 x 3 with K = 1, it
// prints 22456023, whose last step crosses the step (1,2) -> (2,1); the answer is
// 22466422.)
#include <cstdio>

static int n, k, a[10][10], visited[10][10], path[100];
static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};

static bool go(int r, int c, int time) {
    if (r == n - 1 && c == n - 1) return time == n * n - 1;
    for (int d = 0; d < 8; d++) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
        if (visited[nr][nc] || a[nr][nc] != (time + 1) % k) continue;
        visited[nr][nc] = 1;
        path[time] = d;
        if (go(nr, nc, time + 1)) return true;
        visited[nr][nc] = 0;
    }
    return false;
}

int main() {
    if (scanf("%d %d", &n, &k) != 2) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (scanf("%d", &a[i][j]) != 1) return 1;
    visited[0][0] = 1;
    if (n == 1 || a[0][0] != 0 || !go(0, 0, 0)) {
        printf("-1\n");
        return 0;
    }
    for (int i = 0; i < n * n - 1; i++) printf("%d", path[i]);
    printf("\n");
    return 0;
}
