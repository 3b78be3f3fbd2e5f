/* Too slow: iterative deepening without memory. It searches every sequence of depth 0,
 * 1, 2, ... by depth-first search, forbidding only the move that undoes the previous one,
 * and never remembers a board it has seen. It is correct (the first depth with a
 * solution is the least), but the number of sequences grows about 2.5-fold per move: the
 * boards a few moves from the exit are quick, 横刀立马's 116 moves would take longer than
 * the universe has existed. It also finds -1 only when no move is possible at all, and
 * searches forever otherwise (it stops at depth 200). */
#include <stdio.h>
#include <string.h>

static char g[21];
static char path[256][3];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
static const char dname[4] = {'U', 'D', 'L', 'R'};
static const int opposite[4] = {1, 0, 3, 2};

static int at_exit(void) {
    char c = g[13];
    if (c == '.' || g[14] != c || g[17] != c || g[18] != c) return 0;
    int n = 0;
    for (int i = 0; i < 20; i++) n += g[i] == c;
    return n == 4;
}

static int can_move(char p, int d) {
    for (int j = 0; j < 20; j++) {
        if (g[j] != p) continue;
        int r = j / 4 + dr[d], c = j % 4 + dc[d];
        if (r < 0 || r > 4 || c < 0 || c > 3) return 0;
        if (g[r * 4 + c] != '.' && g[r * 4 + c] != p) return 0;
    }
    return 1;
}

static void move(char p, int d) {
    int cells[4], n = 0;
    for (int j = 0; j < 20; j++)
        if (g[j] == p) cells[n++] = j;
    for (int k = 0; k < n; k++) g[cells[k]] = '.';
    for (int k = 0; k < n; k++) g[cells[k] + dr[d] * 4 + dc[d]] = p;
}

static int search(int depth, int limit, char last_piece, int last_dir) {
    if (at_exit()) return 1;
    if (depth == limit) return 0;
    for (char p = 'A'; p <= 'Z'; p++) {
        if (!strchr(g, p)) continue;
        for (int d = 0; d < 4; d++) {
            if (p == last_piece && d == opposite[last_dir]) continue;
            if (!can_move(p, d)) continue;
            move(p, d);
            path[depth][0] = p;
            path[depth][1] = dname[d];
            int found = search(depth + 1, limit, p, d);
            move(p, opposite[d]);
            if (found) return 1;
        }
    }
    return 0;
}

int main(void) {
    char row[16];
    for (int r = 0; r < 5; r++) {
        if (scanf("%15s", row) != 1) return 1;
        memcpy(g + 4 * r, row, 4);
    }
    int any = 0;
    for (char p = 'A'; p <= 'Z'; p++)
        for (int d = 0; d < 4; d++)
            if (strchr(g, p) && can_move(p, d)) any = 1;
    for (int limit = 0; limit <= 200; limit++) {
        if (limit > 0 && !any) break;
        if (search(0, limit, 0, 0)) {
            printf("%d\n", limit);
            for (int i = 0; i < limit; i++) printf("%s%c", path[i], i + 1 < limit ? ' ' : '\n');
            if (limit == 0) putchar('\n');
            return 0;
        }
    }
    puts("-1");
    return 0;
}
