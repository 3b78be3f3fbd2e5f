#include <stdio.h>
#include <string.h>

int n, k;
int a[12][12];
int vis[12][12];
/* edge[x1][y1][x2][y2]: a step between the two cells was taken */
char edge[12][12][12][12];
int dx[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
int dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
char path[128];

int dfs(int x, int y, int depth) {
    if (x == n - 1 && y == n - 1) return depth == n * n;
    for (int d = 0; d < 8; d++) {
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
        if (vis[nx][ny] || a[nx][ny] != (a[x][y] + 1) % k) continue;
        if (d & 1) {
            if (edge[x + dx[d]][y][x][y + dy[d]]) continue;
        }
        vis[nx][ny] = 1;
        edge[x][y][nx][ny] = edge[nx][ny][x][y] = 1;
        path[depth - 1] = (char)('0' + d);
        if (dfs(nx, ny, depth + 1)) return 1;
        edge[x][y][nx][ny] = edge[nx][ny][x][y] = 0;
        vis[nx][ny] = 0;
    }
    return 0;
}

int main(void) {
    scanf("%d %d", &n, &k);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) scanf("%d", &a[i][j]);
    if (n == 1 || a[0][0] != 0) {
        printf("-1\n");
        return 0;
    }
    vis[0][0] = 1;
    if (dfs(0, 0, 1)) {
        path[n * n - 1] = '\0';
        printf("%s\n", path);
    } else {
        printf("-1\n");
    }
    return 0;
}
