/* Wrong answer: the length and the count come from a correct BFS, but the route printed is
 * the first one a depth-first search finds (neighbours tried in the order U, D, L, R),
 * which is a valid walk from S to E but usually not a shortest one ("the route has a
 * different length"). The DFS is iterative so that long corridors do not overflow the
 * stack. */
#include <stdio.h>
#include <stdlib.h>

#define MOD 1000000007u

int main(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    int w = m + 2, cells = (n + 2) * w;
    char *open = calloc(cells, 1), *row = malloc(m + 2);
    int s = 0, e = 0;
    for (int r = 0; r < n; r++) {
        if (scanf("%s", row) != 1) return 1;
        for (int c = 0; c < m; c++) {
            int id = (r + 1) * w + c + 1;
            open[id] = row[c] != '#';
            if (row[c] == 'S') s = id;
            if (row[c] == 'E') e = id;
        }
    }
    int off[4] = {-w, w, -1, 1};
    const char letter[4] = {'U', 'D', 'L', 'R'};
    int *dist = malloc(sizeof(int) * cells), *q = malloc(sizeof(int) * cells);
    unsigned *cnt = calloc(cells, sizeof(unsigned));
    for (int i = 0; i < cells; i++) dist[i] = -1;
    int h = 0, t = 0;
    dist[s] = 0, cnt[s] = 1, q[t++] = s;
    while (h < t) {
        int u = q[h++];
        for (int k = 0; k < 4; k++) {
            int v = u + off[k];
            if (!open[v]) continue;
            if (dist[v] < 0) dist[v] = dist[u] + 1, cnt[v] = cnt[u], q[t++] = v;
            else if (dist[v] == dist[u] + 1) cnt[v] = (cnt[v] + cnt[u]) % MOD;
        }
    }
    if (dist[e] < 0) {
        printf("-1\n");
        return 0;
    }
    /* Depth-first search for any route: stack of cells and the next direction to try. */
    char *seen = calloc(cells, 1);
    int *stack = malloc(sizeof(int) * cells), *next = malloc(sizeof(int) * cells);
    int top = 0;
    stack[0] = s, next[0] = 0, seen[s] = 1;
    while (stack[top] != e) {
        int u = stack[top];
        if (next[top] == 4) {
            top--;
            continue;
        }
        int v = u + off[next[top]++];
        if (open[v] && !seen[v]) {
            seen[v] = 1;
            top++;
            stack[top] = v, next[top] = 0;
        }
    }
    printf("%d\n%u\n", dist[e], cnt[e]);
    for (int i = 1; i <= top; i++) {
        int d = stack[i] - stack[i - 1];
        for (int k = 0; k < 4; k++)
            if (off[k] == d) putchar(letter[k]);
    }
    putchar('\n');
    return 0;
}
