/* Wrong answer: the canonical breadth-first search, right count, but each move is named by
 * the direction the EMPTY cells travel, as the eight puzzle names its moves (the blank
 * going up is U), instead of the direction the piece travels. Every move it prints is the
 * opposite of the real one, so the first move of every answer with at least one move is
 * illegal. First wrong on sample 1. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXS 200000
#define HBITS 19
#define HSIZE (1u << HBITS)

static uint64_t keys[HSIZE];
static uint64_t states[MAXS];
static int parent[MAXS];
static int step[MAXS]; /* anchor * 4 + direction */

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
/* The blank travels opposite to the piece. */
static const char dname[4] = {'D', 'U', 'R', 'L'};
static const int height[5] = {0, 1, 1, 2, 2}, width[5] = {0, 1, 2, 1, 2};

static unsigned slot_of(uint64_t key) {
    unsigned h = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> (64 - HBITS));
    while (keys[h] != 0 && keys[h] != key) h = (h + 1) & (HSIZE - 1);
    return h;
}

static uint64_t pack(const int code[20]) {
    uint64_t s = 0;
    for (int i = 0; i < 20; i++) s |= (uint64_t)code[i] << (3 * i);
    return s;
}

static void unpack(uint64_t s, int code[20]) {
    for (int i = 0; i < 20; i++) code[i] = (int)((s >> (3 * i)) & 7);
}

static void place(int code[20], int kind, int r, int c) {
    for (int y = 0; y < height[kind]; y++)
        for (int x = 0; x < width[kind]; x++) code[(r + y) * 4 + c + x] = 5;
    code[r * 4 + c] = kind;
}

int main(void) {
    char g[21] = {0}, row[16];
    for (int r = 0; r < 5; r++) {
        if (scanf("%15s", row) != 1) return 1;
        memcpy(g + 4 * r, row, 4);
    }
    int code[20] = {0};
    for (int i = 0; i < 20; i++) {
        if (g[i] == '.' || code[i] != 0) continue;
        int n = 0, cells[4];
        for (int j = i; j < 20; j++)
            if (g[j] == g[i] && n < 4) cells[n++] = j;
        int kind = n == 1 ? 1 : n == 4 ? 4 : (cells[1] == cells[0] + 1 ? 2 : 3);
        place(code, kind, i / 4, i % 4);
    }
    uint64_t start = pack(code);
    int found = -1, count = 1, head = 0;
    states[0] = start;
    parent[0] = -1;
    unsigned h0 = slot_of(start);
    keys[h0] = start;
    if (code[13] == 4) found = 0;
    while (found < 0 && head < count) {
        int cur = head++;
        int cc[20], occupied[20];
        unpack(states[cur], cc);
        for (int i = 0; i < 20; i++) occupied[i] = cc[i] != 0;
        for (int a = 0; a < 20 && found < 0; a++) {
            int kind = cc[a];
            if (kind == 0 || kind == 5) continue;
            int r = a / 4, c = a % 4;
            for (int d = 0; d < 4 && found < 0; d++) {
                int nr = r + dr[d], nc = c + dc[d];
                if (nr < 0 || nc < 0 || nr + height[kind] > 5 || nc + width[kind] > 4) continue;
                int ok = 1;
                for (int y = 0; y < height[kind] && ok; y++)
                    for (int x = 0; x < width[kind] && ok; x++) {
                        int tr = nr + y, tc = nc + x;
                        int own = tr >= r && tr < r + height[kind] && tc >= c && tc < c + width[kind];
                        if (occupied[tr * 4 + tc] && !own) ok = 0;
                    }
                if (!ok) continue;
                int next[20];
                memcpy(next, cc, sizeof next);
                for (int y = 0; y < height[kind]; y++)
                    for (int x = 0; x < width[kind]; x++) next[(r + y) * 4 + c + x] = 0;
                place(next, kind, nr, nc);
                uint64_t s = pack(next);
                unsigned h = slot_of(s);
                if (keys[h] == s) continue;
                keys[h] = s;
                states[count] = s;
                parent[count] = cur;
                step[count] = a * 4 + d;
                if (next[13] == 4) found = count;
                count++;
            }
        }
    }
    if (found < 0) {
        puts("-1");
        return 0;
    }
    int path[1000], len = 0;
    for (int i = found; parent[i] >= 0; i = parent[i]) path[len++] = step[i];
    printf("%d\n", len);
    for (int k = len - 1; k >= 0; k--) {
        int a = path[k] / 4, d = path[k] % 4;
        char letter = g[a];
        int cells[4], n = 0;
        for (int j = 0; j < 20; j++)
            if (g[j] == letter) cells[n++] = j;
        for (int j = 0; j < n; j++) g[cells[j]] = '.';
        for (int j = 0; j < n; j++) g[cells[j] + dr[d] * 4 + dc[d]] = letter;
        printf("%c%c%c", letter, dname[d], k ? ' ' : '\n');
    }
    if (len == 0) putchar('\n');
    return 0;
}
