// Shortest paths in a maze.
// Author: me. Reads the maze, runs a breadth-first search
// and prints length, count and a route.
#include <stdio.h>
#include <string.h>

#define P 1000000007
#define LIM 1005

char mp[LIM][LIM];
int steps[LIM][LIM];
long long cnt[LIM][LIM];
int rowq[LIM * LIM], colq[LIM * LIM];
int mx[4] = {-1, 1, 0, 0};
int my[4] = {0, 0, -1, 1};
char letters[4] = {'U', 'D', 'L', 'R'};
char answer[LIM * LIM];

int main(void)
{
    int rows, cols, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    scanf("%d %d", &rows, &cols);
    for (int a = 0; a < rows; a++)
    {
        scanf("%s", mp[a]);
        for (int b = 0; b < cols; b++)
        {
            steps[a][b] = -1;              // not visited yet
            if (mp[a][b] == 'S')
            {
                x0 = a;
                y0 = b;
            }
            if (mp[a][b] == 'E')
            {
                x1 = a;
                y1 = b;
            }
        }
    }

    /* queue */
    int front = 0, back = 0;
    rowq[back] = x0;
    colq[back] = y0;
    back++;
    steps[x0][y0] = 0;
    cnt[x0][y0] = 1;

    while (front < back)
    {
        int x = rowq[front], y = colq[front];
        front++;
        for (int dir = 0; dir < 4; dir++)
        {
            int tx = x + mx[dir], ty = y + my[dir];
            if (tx < 0 || tx >= rows || ty < 0 || ty >= cols)
                continue;   // outside
            if (mp[tx][ty] == '#')
                continue;   // wall
            if (steps[tx][ty] == -1)
            {
                steps[tx][ty] = steps[x][y] + 1;
                cnt[tx][ty] = cnt[x][y];
                rowq[back] = tx;
                colq[back] = ty;
                back++;
            }
            else if (steps[tx][ty] == steps[x][y] + 1)
            {
                cnt[tx][ty] = (cnt[tx][ty] + cnt[x][y]) % P;
            }
        }
    }

    if (steps[x1][y1] == -1)
    {
        printf("-1\n");
        return 0;
    }
    int total = steps[x1][y1];
    int x = x1, y = y1;
    answer[total] = '\0';
    /* walk back from the exit */
    for (int t = total - 1; t >= 0; t--)
    {
        for (int dir = 0; dir < 4; dir++)
        {
            int bx = x - mx[dir], by = y - my[dir];
            if (bx >= 0 && bx < rows && by >= 0 && by < cols && steps[bx][by] == steps[x][y] - 1)
            {
                answer[t] = letters[dir];
                x = bx;
                y = by;
                break;
            }
        }
    }
    printf("%d\n%lld\n%s\n", total, cnt[x1][y1], answer);
    return 0;
}
