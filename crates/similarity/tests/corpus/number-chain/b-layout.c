// Number chain, Lanqiao 2024.
// Try the directions in order; the first complete walk is the smallest.
#include <stdio.h>
#include <string.h>

int N, K;
int val[12][12];
int used[12][12];
char step_taken[12][12][12][12];     // was a step between two cells made
int mr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
int mc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
char out[128];

int walk(int r, int c, int len)
{
    if (r == N - 1 && c == N - 1)
        return len == N * N;
    for (int dir = 0; dir < 8; dir++)
    {
        int tr = r + mr[dir], tc = c + mc[dir];
        if (tr < 0 || tc < 0 || tr >= N || tc >= N)
            continue;
        if (used[tr][tc] || val[tr][tc] != (val[r][c] + 1) % K)
            continue;
        if (dir & 1)
        {
            // the other diagonal of the same square
            if (step_taken[r + mr[dir]][c][r][c + mc[dir]])
                continue;
        }
        used[tr][tc] = 1;
        step_taken[r][c][tr][tc] = step_taken[tr][tc][r][c] = 1;
        out[len - 1] = (char)('0' + dir);
        if (walk(tr, tc, len + 1))
            return 1;
        step_taken[r][c][tr][tc] = step_taken[tr][tc][r][c] = 0;
        used[tr][tc] = 0;
    }
    return 0;
}

int main(void)
{
    scanf("%d %d", &N, &K);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            scanf("%d", &val[r][c]);
    if (N == 1 || val[0][0] != 0)
    {
        printf("-1\n");
        return 0;
    }
    used[0][0] = 1;
    if (walk(0, 0, 1))
    {
        out[N * N - 1] = '\0';
        printf("%s\n", out);
    }
    else
        printf("-1\n");
    return 0;
}
