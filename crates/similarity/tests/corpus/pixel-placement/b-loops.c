/* Pixel placement, in C */
#include <stdio.h>

int R, C;
char hints[12][16];
int out[12][12];

int fine(int x, int y, int upto)
{
    if (hints[x][y] == '_')
        return 1;
    int want = hints[x][y] - '0', blacks = 0, free_cells = 0;
    int p = x - 1;
    while (p <= x + 1)
    {
        int q = y - 1;
        while (q <= y + 1)
        {
            if (p >= 0 && q >= 0 && p < R && q < C)
            {
                if (p * C + q > upto)
                    free_cells++;
                else
                    blacks += out[p][q];
            }
            q++;
        }
        p++;
    }
    return !(blacks > want || blacks + free_cells < want);
}

int go(int k)
{
    if (k >= R * C)
        return 1;
    int x = k / C, y = k % C;
    int colour = 0;
    while (colour < 2)
    {
        out[x][y] = colour;
        int valid = 1;
        for (int p = x - 1; p <= x + 1 && valid; p++)
            for (int q = y - 1; q <= y + 1 && valid; q++)
                if (p >= 0 && q >= 0 && p < R && q < C && !fine(p, q, k))
                    valid = 0;
        if (valid)
        {
            if (go(k + 1))
                return 1;
        }
        colour++;
    }
    out[x][y] = 0;
    return 0;
}

int main(void)
{
    scanf("%d %d", &R, &C);
    for (int x = 0; x < R; x++)
        scanf("%15s", hints[x]);
    go(0);
    for (int x = 0; x < R; x++)
    {
        for (int y = 0; y < C; y++)
            printf("%d", out[x][y]);
        printf("\n");
    }
    return 0;
}
