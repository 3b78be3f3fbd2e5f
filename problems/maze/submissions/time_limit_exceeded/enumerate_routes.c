/* Too slow: the distances come from a correct BFS, but the routes are counted one by one,
 * by a backtracking walk from S that only steps to neighbours one step farther from S and
 * one step closer to E (a second BFS, from E, gives that), so it never wastes a step and
 * its count is right. It is exponential all the same: an open 40 x 40 maze has C(78, 39)
 * ~ 2.6e22 shortest routes (secret/11-open-past-64-bits), and it meets them one at a time.
 * Correct on every test before that one. */
#include <stdio.h>
#include <stdlib.h>

#define MOD 1000000007u

static int w, *from_s, *from_e, e, len;
static char *open, *route;
static unsigned routes;
static int off[4];
static const char letter[4] = {'U', 'D', 'L', 'R'};

static void bfs(int src, int *dist, int cells) {
    int *q = malloc(sizeof(int) * cells), h = 0, t = 0;
    for (int i = 0; i < cells; i++) dist[i] = -1;
    dist[src] = 0, q[t++] = src;
    while (h < t) {
        int u = q[h++];
        for (int k = 0; k < 4; k++) {
            int v = u + off[k];
            if (open[v] && dist[v] < 0) dist[v] = dist[u] + 1, q[t++] = v;
        }
    }
    free(q);
}

static void walk(int u, int depth) {
    if (u == e) {
        routes = (routes + 1) % MOD; /* the first route found stays in route[] */
        return;
    }
    for (int k = 0; k < 4; k++) {
        int v = u + off[k];
        if (open[v] && from_s[v] == depth + 1 && from_e[v] == len - depth - 1) {
            if (routes == 0) route[depth] = letter[k];
            walk(v, depth + 1);
        }
    }
}

int main(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    w = m + 2;
    int cells = (n + 2) * w, s = 0;
    open = calloc(cells, 1);
    char *row = malloc(m + 2);
    for (int r = 0; r < n; r++) {
        if (scanf("%s", row) != 1) return 1;
        for (int c = 0; c < m; c++) {
            int id = (r + 1) * w + c + 1;
            open[id] = row[c] != '#';
            if (row[c] == 'S') s = id;
            if (row[c] == 'E') e = id;
        }
    }
    off[0] = -w, off[1] = w, off[2] = -1, off[3] = 1;
    from_s = malloc(sizeof(int) * cells);
    from_e = malloc(sizeof(int) * cells);
    bfs(s, from_s, cells);
    if (from_s[e] < 0) {
        printf("-1\n");
        return 0;
    }
    bfs(e, from_e, cells);
    len = from_s[e];
    route = calloc(len + 1, 1);
    walk(s, 0);
    printf("%d\n%u\n%s\n", len, routes, route);
    return 0;
}
