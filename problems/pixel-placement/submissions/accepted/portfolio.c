/* pixel-placement, accepted (C17): the reference's method (src/solver.rs).
 *
 * Row-major DFS over cells, complete; cut short only soundly: clue propagation (single
 * clues and overlapping pairs), a memo of failed cuts keyed on what each clue straddling
 * the cut still needs (an open-addressing hash set of 128-bit keys), and a portfolio over
 * the 8 symmetric images of the board, each run white-first and black-first with a node
 * budget that doubles each round. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 Key;
enum { UNKNOWN = 2, FOUND = 0, FAILED = 1, OUT_OF_BUDGET = 2, MAXC = 100, MAXO = 24 };

typedef struct {
    int count;
    int cells[9];
} List;

typedef struct {
    int cells, clues;
    int target[MAXC];
    List block[MAXC];
    int cellClues[MAXC][9], cellClueCount[MAXC];
    int overCount[MAXC], overOther[MAXC][MAXO];
    List overShared[MAXC][MAXO], overMine[MAXC][MAXO], overTheirs[MAXC][MAXO];
    int strad[MAXC + 1][24], stradCount[MAXC + 1];
    int value[MAXC], black[MAXC], unknown[MAXC], need[MAXC];
    int trail[MAXC], trailSize, queue[MAXC], queueSize;
    char queued[MAXC];
    Key *table; /* the failed cuts; 0 marks an empty slot (keys are never 0, see key()) */
    size_t capacity, used;
    int consistent, first;
    long long nodes, budget;
} Search;

static int inList(const List *list, int x) {
    for (int i = 0; i < list->count; i++)
        if (list->cells[i] == x) return 1;
    return 0;
}

static size_t slot(Key key, size_t capacity) {
    unsigned long long mixed = (unsigned long long)key ^ ((unsigned long long)(key >> 64) * 0x9e3779b97f4a7c15ULL);
    mixed = (mixed ^ (mixed >> 29)) * 0xbf58476d1ce4e5b9ULL;
    return (size_t)(mixed ^ (mixed >> 32)) & (capacity - 1);
}

static int hasFailed(const Search *s, Key key) {
    for (size_t i = slot(key, s->capacity);; i = (i + 1) & (s->capacity - 1)) {
        if (s->table[i] == 0) return 0;
        if (s->table[i] == key) return 1;
    }
}

static void addFailed(Search *s, Key key) {
    if (2 * (s->used + 1) > s->capacity) {
        Key *old = s->table;
        size_t oldCapacity = s->capacity;
        s->capacity *= 2;
        s->table = calloc(s->capacity, sizeof(Key));
        s->used = 0;
        for (size_t i = 0; i < oldCapacity; i++)
            if (old[i]) addFailed(s, old[i]);
        free(old);
    }
    size_t i = slot(key, s->capacity);
    while (s->table[i] != 0 && s->table[i] != key) i = (i + 1) & (s->capacity - 1);
    if (s->table[i] == 0) { s->table[i] = key; s->used++; }
}

static void assignCell(Search *s, int cell, int colour) {
    s->value[cell] = colour;
    s->trail[s->trailSize++] = cell;
    for (int i = 0; i < s->cellClueCount[cell]; i++) {
        int id = s->cellClues[cell][i];
        s->unknown[id]--;
        s->black[id] += colour;
        if (!s->queued[id]) { s->queued[id] = 1; s->queue[s->queueSize++] = id; }
    }
}

static void undoTo(Search *s, int mark) {
    while (s->trailSize > mark) {
        int cell = s->trail[--s->trailSize];
        for (int i = 0; i < s->cellClueCount[cell]; i++) {
            int id = s->cellClues[cell][i];
            s->unknown[id]++;
            s->black[id] -= s->value[cell];
        }
        s->value[cell] = UNKNOWN;
    }
}

static void force(Search *s, const List *list, int colour) {
    for (int i = 0; i < list->count; i++)
        if (s->value[list->cells[i]] == UNKNOWN) assignCell(s, list->cells[i], colour);
}

static int max3(int a, int b, int c) { int x = a > b ? a : b; return x > c ? x : c; }
static int min3(int a, int b, int c) { int x = a < b ? a : b; return x < c ? x : c; }

static int check(Search *s, int id) {
    int t = s->target[id], b = s->black[id], u = s->unknown[id];
    if (b > t || b + u < t) return 0;
    if (u > 0 && b == t) force(s, &s->block[id], 0);
    else if (u > 0 && b + u == t) force(s, &s->block[id], 1);
    for (int w = 0; w < s->overCount[id]; w++) {
        int other = s->overOther[id][w], us = 0;
        const List *shared = &s->overShared[id][w];
        for (int i = 0; i < shared->count; i++) us += s->value[shared->cells[i]] == UNKNOWN;
        if (us == 0) continue;
        int mineLeft = s->target[id] - s->black[id], otherLeft = s->target[other] - s->black[other];
        int mineOnly = s->unknown[id] - us, otherOnly = s->unknown[other] - us;
        int low = max3(0, mineLeft - mineOnly, otherLeft - otherOnly);
        int high = min3(us, mineLeft, otherLeft);
        if (low > high) return 0;
        if (mineOnly > 0 && mineLeft == low) force(s, &s->overMine[id][w], 0);
        else if (mineOnly > 0 && mineLeft - high == mineOnly) force(s, &s->overMine[id][w], 1);
        if (otherOnly > 0 && otherLeft == low) force(s, &s->overTheirs[id][w], 0);
        else if (otherOnly > 0 && otherLeft - high == otherOnly) force(s, &s->overTheirs[id][w], 1);
        if (high == 0) force(s, shared, 0);
        else if (low == us) force(s, shared, 1);
    }
    return 1;
}

static int propagate(Search *s) {
    while (s->queueSize > 0) {
        int id = s->queue[--s->queueSize];
        s->queued[id] = 0;
        if (!check(s, id)) {
            while (s->queueSize > 0) s->queued[s->queue[--s->queueSize]] = 0;
            return 0;
        }
    }
    return 1;
}

static void init(Search *s, int rows, int cols, const int *clue) {
    memset(s, 0, sizeof *s);
    s->cells = rows * cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (clue[r * cols + c] < 0) continue;
            int id = s->clues++;
            s->target[id] = clue[r * cols + c];
            for (int a = r > 0 ? r - 1 : 0; a <= r + 1 && a < rows; a++)
                for (int b = c > 0 ? c - 1 : 0; b <= c + 1 && b < cols; b++) {
                    int cell = a * cols + b;
                    s->block[id].cells[s->block[id].count++] = cell;
                    s->cellClues[cell][s->cellClueCount[cell]++] = id;
                }
        }
    for (int a = 0; a < s->clues; a++)
        for (int b = 0; b < s->clues; b++) {
            if (a == b) continue;
            List shared = {0}, mine = {0}, theirs = {0};
            for (int i = 0; i < s->block[a].count; i++) {
                int cell = s->block[a].cells[i];
                if (inList(&s->block[b], cell)) shared.cells[shared.count++] = cell;
                else mine.cells[mine.count++] = cell;
            }
            if (shared.count == 0) continue;
            for (int i = 0; i < s->block[b].count; i++)
                if (!inList(&s->block[a], s->block[b].cells[i])) theirs.cells[theirs.count++] = s->block[b].cells[i];
            int w = s->overCount[a]++;
            s->overOther[a][w] = b;
            s->overShared[a][w] = shared;
            s->overMine[a][w] = mine;
            s->overTheirs[a][w] = theirs;
        }
    for (int k = 0; k <= s->cells; k++)
        for (int id = 0; id < s->clues; id++) {
            const List *block = &s->block[id];
            if (block->cells[0] < k && k <= block->cells[block->count - 1]) s->strad[k][s->stradCount[k]++] = id;
        }
    for (int i = 0; i < s->cells; i++) s->value[i] = UNKNOWN;
    for (int id = 0; id < s->clues; id++) {
        s->unknown[id] = s->block[id].count;
        s->need[id] = s->target[id];
        s->queued[id] = 1;
        s->queue[s->queueSize++] = id;
    }
    s->capacity = 1024;
    s->table = calloc(s->capacity, sizeof(Key));
    s->consistent = propagate(s);
}

/* The needs of the straddling clues, then k + 1 in the low 7 bits (never 0: 0 is empty). */
static Key key(const Search *s, int k) {
    Key needs = 0;
    for (int i = 0; i < s->stradCount[k]; i++) needs = needs << 4 | (Key)s->need[s->strad[k][i]];
    return needs << 7 | (Key)(k + 1);
}

static int dfs(Search *s, int k) {
    if (++s->nodes > s->budget) return OUT_OF_BUDGET;
    if (k == s->cells) return FOUND;
    Key kk = key(s, k);
    if (hasFailed(s, kk)) return FAILED;
    int forced = s->value[k];
    for (int t = 0; t < 2; t++) {
        int colour = t == 0 ? s->first : 1 - s->first;
        if (forced != UNKNOWN && forced != colour) continue;
        int mark = s->trailSize;
        if (forced == UNKNOWN) {
            assignCell(s, k, colour);
            if (!propagate(s)) { undoTo(s, mark); continue; }
        }
        for (int i = 0; i < s->cellClueCount[k]; i++) s->need[s->cellClues[k][i]] -= colour;
        int step = dfs(s, k + 1);
        if (step == FOUND) return step;
        for (int i = 0; i < s->cellClueCount[k]; i++) s->need[s->cellClues[k][i]] += colour;
        undoTo(s, mark);
        if (step == OUT_OF_BUDGET) return step;
    }
    addFailed(s, kk);
    return FAILED;
}

static int run(Search *s, long long budget, int blackFirst) {
    s->nodes = 0;
    s->budget = budget;
    s->first = blackFirst;
    return s->consistent ? dfs(s, 0) : FAILED;
}

static int n, m;

/* Symmetry sym: flip rows (bit 0), flip columns (bit 1), then transpose (bit 2). */
static int image(int sym, int r, int c) {
    if (sym & 1) r = n - 1 - r;
    if (sym & 2) c = m - 1 - c;
    return (sym & 4) ? c * n + r : r * m + c;
}

static Search searches[8];

int main(void) {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    int clue[MAXC];
    for (int r = 0; r < n; r++) {
        char line[16];
        if (scanf("%15s", line) != 1) return 1;
        for (int c = 0; c < m; c++) clue[r * m + c] = line[c] == '_' ? -1 : line[c] - '0';
    }
    for (int sym = 0; sym < 8; sym++) {
        int moved[MAXC];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < m; c++) moved[image(sym, r, c)] = clue[r * m + c];
        init(&searches[sym], (sym & 4) ? m : n, (sym & 4) ? n : m, moved);
    }
    for (long long budget = 256;; budget *= 2)
        for (int sym = 0; sym < 8; sym++)
            for (int blackFirst = 0; blackFirst < 2; blackFirst++) {
                int step = run(&searches[sym], budget, blackFirst);
                if (step == OUT_OF_BUDGET) continue;
                if (step == FAILED) return 1; /* the tests promise a colouring */
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < m; c++) putchar('0' + searches[sym].value[image(sym, r, c)]);
                    putchar('\n');
                }
                return 0;
            }
}
