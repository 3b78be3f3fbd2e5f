/* knights-tour, too slow: plain backtracking. Tries every walk from S, moves in the
 * statement's order, until one covers the board; no pruning, no colour rule. It is right
 * whenever it finishes, but the number of walks grows exponentially: it never finishes on
 * an open board of some size (a 20 x 20 board has more walks than it can try in a year),
 * nor on a board without a tour that is not tiny (7 x 7 from the wrong colour). First
 * past the limit on secret/25-four-by-eight-inner (4 x 8 from an inner row: no tour, and
 * too many walks to try them all); 24 stored tests in all. */
#include <stdio.h>

static const int MR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int MC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int n, m, total, freeb[64][64], seen[64][64], pr[4096], pc[4096];

static int go(int r, int c, int depth) {
    seen[r][c] = 1;
    pr[depth] = r;
    pc[depth] = c;
    if (depth + 1 == total) return 1;
    for (int k = 0; k < 8; k++) {
        int a = r + MR[k], b = c + MC[k];
        if (a >= 0 && a < n && b >= 0 && b < m && freeb[a][b] && !seen[a][b] && go(a, b, depth + 1)) return 1;
    }
    seen[r][c] = 0;
    return 0;
}

int main(void) {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    int sr = 0, sc = 0;
    for (int i = 0; i < n; i++) {
        char line[80];
        if (scanf("%70s", line) != 1) return 1;
        for (int j = 0; j < m; j++) {
            freeb[i][j] = line[j] != '#';
            total += freeb[i][j];
            if (line[j] == 'S') { sr = i; sc = j; }
        }
    }
    if (!go(sr, sc, 0)) {
        puts("-1");
        return 0;
    }
    for (int i = 0; i < total; i++) printf("%d %d\n", pr[i], pc[i]);
    return 0;
}
