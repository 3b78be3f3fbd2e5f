/* The maze seed's O(V^2) Dijkstra (problems/maze/submissions/memory_limit_exceeded/
 * seed_dijkstra_matrix.c, from seeds/003 section 2) with its one change that lets it run on
 * large mazes at all: the V x V adjacency matrix (4 TB at 1000 x 1000) is replaced by a
 * function that answers arcs[k][w] from the maze (1 between open neighbours, else
 * INFINITY). Everything else is the seed's: every round scans all V vertices for the
 * nearest unfinished one, then scans all V vertices again to relax them, V rounds in all,
 * so its time is the seed's O(V^2). INFINITY is raised from 65535 (a real distance on
 * large mazes) and the route is rebuilt from the predecessors without the seed's
 * "P[exit] != 0" cut, so that its answers can be checked. Used by the benchmark only. */
#include <stdio.h>
#include <stdlib.h>

#define INFINITY 1000000000
#define MOD 1000000007

static int n, m, V;
static char *cells;

static int arc(int k, int w) {
    if (cells[k] == '#' || cells[w] == '#') return INFINITY;
    int kr = k / m, kc = k % m, wr = w / m, wc = w % m;
    int dr = kr - wr, dc = kc - wc;
    if ((dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1))) return 1;
    return INFINITY;
}

static char step_letter(int u, int v) {
    if (v == u - m) return 'U';
    if (v == u + m) return 'D';
    if (v == u - 1) return 'L';
    return 'R';
}

int main(void) {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    V = n * m;
    cells = malloc(V);
    int start = 0, exit_ = 0;
    for (int i = 0; i < n; i++) {
        char line[1024];
        if (scanf("%1023s", line) != 1) return 1;
        for (int j = 0; j < m; j++) {
            cells[i * m + j] = line[j];
            if (line[j] == 'S') start = i * m + j;
            if (line[j] == 'E') exit_ = i * m + j;
        }
    }
    int *final = malloc(sizeof(int) * V), *D = malloc(sizeof(int) * V);
    int *P = malloc(sizeof(int) * V);
    long long *cnt = malloc(sizeof(long long) * V);
    for (int v = 0; v < V; v++) {
        final[v] = 0;
        D[v] = arc(start, v);
        P[v] = start;
        cnt[v] = D[v] < INFINITY ? 1 : 0;
    }
    D[start] = 0;
    final[start] = 1;
    cnt[start] = 1;
    int k = 0;
    for (int i = 0; i < V; i++) {
        int min = INFINITY;
        for (int w = 0; w < V; w++)
            if (!final[w] && D[w] < min) {
                k = w;
                min = D[w];
            }
        final[k] = 1;
        for (int w = 0; w < V; w++) {
            if (final[w]) continue;
            int a = arc(k, w);
            if (a == INFINITY || min == INFINITY) continue;
            if (min + a < D[w]) {
                D[w] = min + a;
                P[w] = k;
                cnt[w] = cnt[k];
            } else if (min + a == D[w]) {
                cnt[w] = (cnt[w] + cnt[k]) % MOD;
            }
        }
    }
    if (D[exit_] >= INFINITY) {
        printf("-1\n");
        return 0;
    }
    printf("%d\n%lld\n", D[exit_], cnt[exit_]);
    int *path = malloc(sizeof(int) * (V + 1)), len = 0;
    for (int v = exit_; v != start; v = P[v]) path[len++] = v;
    path[len++] = start;
    for (int i = len - 1; i > 0; i--) putchar(step_letter(path[i], path[i - 1]));
    putchar('\n');
    return 0;
}
