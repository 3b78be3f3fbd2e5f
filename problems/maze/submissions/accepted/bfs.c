/* Accepted: BFS from S over a flat grid with a wall border, counting shortest routes
 * modulo 1e9+7 (a cell's count is complete when it is dequeued), then one route read
 * backwards from E through neighbours one step closer to S. O(n*m). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOD 1000000007u

int main(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    int w = m + 2, cells = (n + 2) * w;
    char *open = calloc(cells, 1);
    int *dist = malloc(sizeof(int) * cells);
    unsigned *cnt = calloc(cells, sizeof(unsigned));
    int *queue = malloc(sizeof(int) * cells);
    char *row = malloc(m + 2);
    int start = 0, exitc = 0;
    for (int r = 0; r < n; r++) {
        if (scanf("%s", row) != 1) return 1;
        for (int c = 0; c < m; c++) {
            int id = (r + 1) * w + c + 1;
            open[id] = row[c] != '#';
            if (row[c] == 'S') start = id;
            if (row[c] == 'E') exitc = id;
        }
    }
    for (int i = 0; i < cells; i++) dist[i] = -1;
    int off[4] = {-w, w, -1, 1};
    const char letter[4] = {'U', 'D', 'L', 'R'};
    int head = 0, tail = 0;
    dist[start] = 0;
    cnt[start] = 1;
    queue[tail++] = start;
    while (head < tail) {
        int u = queue[head++];
        for (int k = 0; k < 4; k++) {
            int v = u + off[k];
            if (!open[v]) continue;
            if (dist[v] < 0) {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                queue[tail++] = v;
            } else if (dist[v] == dist[u] + 1) {
                cnt[v] = (cnt[v] + cnt[u]) % MOD;
            }
        }
    }
    if (dist[exitc] < 0) {
        printf("-1\n");
        return 0;
    }
    int len = dist[exitc];
    char *route = malloc(len + 1);
    route[len] = '\0';
    int v = exitc;
    for (int i = len - 1; i >= 0; i--) {
        for (int k = 0; k < 4; k++) {
            int u = v - off[k];
            if (open[u] && dist[u] == dist[v] - 1) {
                route[i] = letter[k];
                v = u;
                break;
            }
        }
    }
    printf("%d\n%u\n%s\n", len, cnt[exitc], route);
    return 0;
}
