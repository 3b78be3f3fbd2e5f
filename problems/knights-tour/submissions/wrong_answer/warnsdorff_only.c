/* knights-tour, wrong answer: Warnsdorff's rule alone. From S it always moves to the
 * unvisited square with the fewest unvisited moves (ties to the first in the statement's
 * move order), and prints -1 when it gets stuck. It is fast and finds a tour from most
 * starts, but the rule is a heuristic: it gets stuck from some starts that have a tour
 * (the generator's `trap` boards, found by playing this very rule), and on narrow boards
 * with blocked squares often. It prints -1 there: wrong answer, first on
 * secret/19-trap-4-6, and on 19 stored tests in all: 19, 22-24, 26, 27, 29, 31-35, 39 and
 * the narrow boards 46-51. */
#include <stdio.h>

static const int MR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int MC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int n, m, freeb[64][64], seen[64][64], tr[4096], tc[4096];

static int inside(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && freeb[r][c]; }

static int onward(int r, int c) {
    int count = 0;
    for (int k = 0; k < 8; k++)
        if (inside(r + MR[k], c + MC[k]) && !seen[r + MR[k]][c + MC[k]]) count++;
    return count;
}

int main(void) {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    int r = 0, c = 0, total = 0;
    for (int i = 0; i < n; i++) {
        char line[80];
        if (scanf("%70s", line) != 1) return 1;
        for (int j = 0; j < m; j++) {
            freeb[i][j] = line[j] != '#';
            total += freeb[i][j];
            if (line[j] == 'S') { r = i; c = j; }
        }
    }
    int len = 0;
    for (;;) {
        seen[r][c] = 1;
        tr[len] = r;
        tc[len++] = c;
        if (len == total) break;
        int best = -1, best_degree = 99;
        for (int k = 0; k < 8; k++) {
            int a = r + MR[k], b = c + MC[k];
            if (inside(a, b) && !seen[a][b]) {
                int d = onward(a, b);
                if (d < best_degree) { best_degree = d; best = k; }
            }
        }
        if (best < 0) {
            puts("-1");
            return 0;
        }
        r += MR[best];
        c += MC[best];
    }
    for (int i = 0; i < len; i++) printf("%d %d\n", tr[i], tc[i]);
    return 0;
}
