/* Accepted: breadth-first search from the goal over all reachable states, indexed by the
 * permutation's rank (Lehmer code, 0..9!-1). dist[] is the distance to the goal, cnt[] the
 * number of shortest sequences to it (at most 86, so an int). Start unreached: -1.
 * The smallest sequence: from the start, take the first move in the order D, L, R, U that
 * goes one step closer to the goal. */
#include <stdio.h>
#include <string.h>

#define STATES 362880

static signed char dist[STATES];
static int cnt[STATES];
static char queue[STATES / 2][9];

static int rank_of(const char *s) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++)
            if (s[j] < s[i]) smaller++;
        r = r * (9 - i) + smaller;
    }
    return r;
}

/* The blank's target for move k (D, L, R, U) from position b, or -1. */
static int target(int b, int k) {
    switch (k) {
    case 0: return b < 6 ? b + 3 : -1;
    case 1: return b % 3 > 0 ? b - 1 : -1;
    case 2: return b % 3 < 2 ? b + 1 : -1;
    default: return b >= 3 ? b - 3 : -1;
    }
}

static int blank_of(const char *s) {
    return (int)(strchr(s, '0') - s);
}

int main(void) {
    char start[16], goal[16];
    if (scanf("%15s %15s", start, goal) != 2) return 1;
    memset(dist, -1, sizeof dist);
    int head = 0, tail = 0;
    memcpy(queue[tail++], goal, 9);
    dist[rank_of(goal)] = 0;
    cnt[rank_of(goal)] = 1;
    while (head < tail) {
        char s[10];
        memcpy(s, queue[head++], 9);
        s[9] = '\0';
        int u = rank_of(s), b = blank_of(s);
        for (int k = 0; k < 4; k++) {
            int t = target(b, k);
            if (t < 0) continue;
            char n[10];
            memcpy(n, s, 10);
            n[b] = n[t];
            n[t] = '0';
            int v = rank_of(n);
            if (dist[v] < 0) {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                memcpy(queue[tail++], n, 9);
            } else if (dist[v] == dist[u] + 1) {
                cnt[v] += cnt[u];
            }
        }
    }
    int r = rank_of(start);
    if (dist[r] < 0) {
        printf("-1\n");
        return 0;
    }
    printf("%d\n%d\n", dist[r], cnt[r]);
    const char letters[4] = {'D', 'L', 'R', 'U'};
    char s[10];
    memcpy(s, start, 10);
    for (int left = dist[r]; left > 0; left--) {
        int b = blank_of(s);
        for (int k = 0; k < 4; k++) {
            int t = target(b, k);
            if (t < 0) continue;
            char n[10];
            memcpy(n, s, 10);
            n[b] = n[t];
            n[t] = '0';
            if (dist[rank_of(n)] == left - 1) {
                putchar(letters[k]);
                memcpy(s, n, 10);
                break;
            }
        }
    }
    putchar('\n');
    return 0;
}
