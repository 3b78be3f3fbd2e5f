/* maze: BFS from S, counting shortest routes modulo 1e9+7, then one route. */
#include <stdio.h>
#include <string.h>

#define MOD 1000000007
#define MAXN 1005

char grid[MAXN][MAXN];
int dist[MAXN][MAXN];
long long ways[MAXN][MAXN];
int qr[MAXN * MAXN], qc[MAXN * MAXN];
int dr[4] = {-1, 1, 0, 0};
int dc[4] = {0, 0, -1, 1};
char name[4] = {'U', 'D', 'L', 'R'};
char path[MAXN * MAXN];

int main(void) {
    int n, m, sr = 0, sc = 0, er = 0, ec = 0;
    scanf("%d %d", &n, &m);
    for (int i = 0; i < n; i++) {
        scanf("%s", grid[i]);
        for (int j = 0; j < m; j++) {
            dist[i][j] = -1;
            if (grid[i][j] == 'S') { sr = i; sc = j; }
            if (grid[i][j] == 'E') { er = i; ec = j; }
        }
    }
    int head = 0, tail = 0;
    qr[tail] = sr; qc[tail] = sc; tail++;
    dist[sr][sc] = 0;
    ways[sr][sc] = 1;
    while (head < tail) {
        int r = qr[head], c = qc[head];
        head++;
        for (int d = 0; d < 4; d++) {
            int nr = r + dr[d], nc = c + dc[d];
            if (nr < 0 || nr >= n || nc < 0 || nc >= m) continue;
            if (grid[nr][nc] == '#') continue;
            if (dist[nr][nc] == -1) {
                dist[nr][nc] = dist[r][c] + 1;
                ways[nr][nc] = ways[r][c];
                qr[tail] = nr; qc[tail] = nc; tail++;
            } else if (dist[nr][nc] == dist[r][c] + 1) {
                ways[nr][nc] = (ways[nr][nc] + ways[r][c]) % MOD;
            }
        }
    }
    if (dist[er][ec] == -1) {
        printf("-1\n");
        return 0;
    }
    int len = dist[er][ec];
    int r = er, c = ec;
    path[len] = '\0';
    for (int k = len - 1; k >= 0; k--) {
        for (int d = 0; d < 4; d++) {
            int pr = r - dr[d], pc = c - dc[d];
            if (pr >= 0 && pr < n && pc >= 0 && pc < m && dist[pr][pc] == dist[r][c] - 1) {
                path[k] = name[d];
                r = pr; c = pc;
                break;
            }
        }
    }
    printf("%d\n%lld\n%s\n", len, ways[er][ec], path);
    return 0;
}
