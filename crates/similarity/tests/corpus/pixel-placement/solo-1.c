#include <stdio.h>
#include <string.h>

static int h, w;
static char clue[12][16];
static char cell[12][12];
static int lo[12][12], hi[12][12];

/* lo = black neighbours so far, hi = black plus undecided ones */
static int consistent(int r, int c) {
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int y = r + dr, x = c + dc;
            if (y < 0 || x < 0 || y >= h || x >= w) continue;
            if (clue[y][x] == '_') continue;
            int t = clue[y][x] - '0';
            if (lo[y][x] > t || hi[y][x] < t) return 0;
        }
    return 1;
}

static void set(int r, int c, int black, int undo) {
    int s = undo ? -1 : 1;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int y = r + dr, x = c + dc;
            if (y < 0 || x < 0 || y >= h || x >= w) continue;
            if (black) lo[y][x] += s;
            else hi[y][x] -= s;
        }
}

static int fill(int r, int c) {
    if (c == w) { r++; c = 0; }
    if (r == h) return 1;
    for (int black = 1; black >= 0; black--) {
        cell[r][c] = (char)('0' + black);
        set(r, c, black, 0);
        if (consistent(r, c) && fill(r, c + 1)) return 1;
        set(r, c, black, 1);
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d", &h, &w) != 2) return 1;
    for (int r = 0; r < h; r++) scanf("%15s", clue[r]);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int count = 0;
            for (int y = r - 1; y <= r + 1; y++)
                for (int x = c - 1; x <= c + 1; x++)
                    if (y >= 0 && x >= 0 && y < h && x < w) count++;
            hi[r][c] = count;
        }
    fill(0, 0);
    for (int r = 0; r < h; r++) {
        fwrite(cell[r], 1, (size_t)w, stdout);
        putchar('\n');
    }
    return 0;
}
