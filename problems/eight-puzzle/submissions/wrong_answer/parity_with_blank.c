/* Wrong answer: decides solvability by the parity of the inversions of all nine digits,
 * the blank (0) included, and prints -1 when start and goal differ. Counting 0 adds one
 * inversion per digit in front of the blank, so the test is wrong whenever the blank's
 * positions (0..8 in reading order) in start and goal differ in parity: every single move
 * changes it by 1 or 3, so the first failure is secret/03-one-move-down. When the test
 * passes, a correct BFS from the goal answers. */
#include <stdio.h>
#include <string.h>

#define STATES 362880

static signed char dist[STATES];
static int cnt[STATES];
static char queue[STATES][10];

static int rank_of(const char *s) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++) smaller += s[j] < s[i];
        r = r * (9 - i) + smaller;
    }
    return r;
}

static int inversions(const char *s) {
    int n = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++) n += s[i] > s[j];
    return n;
}

static int target(int b, int k) {
    switch (k) {
    case 0: return b < 6 ? b + 3 : -1;
    case 1: return b % 3 > 0 ? b - 1 : -1;
    case 2: return b % 3 < 2 ? b + 1 : -1;
    default: return b >= 3 ? b - 3 : -1;
    }
}

int main(void) {
    char start[10], goal[10];
    if (scanf("%9s %9s", start, goal) != 2) return 1;
    if (inversions(start) % 2 != inversions(goal) % 2) {
        printf("-1\n");
        return 0;
    }
    memset(dist, -1, sizeof dist);
    int head = 0, tail = 0;
    strcpy(queue[tail++], goal);
    dist[rank_of(goal)] = 0;
    cnt[rank_of(goal)] = 1;
    while (head < tail) {
        char *s = queue[head++];
        int u = rank_of(s), b = strchr(s, '0') - s;
        for (int k = 0; k < 4; k++) {
            int t = target(b, k);
            if (t < 0) continue;
            char n[10];
            strcpy(n, s);
            n[b] = n[t];
            n[t] = '0';
            int v = rank_of(n);
            if (dist[v] < 0) {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                strcpy(queue[tail++], n);
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
    strcpy(s, start);
    for (int left = dist[r]; left > 0; left--) {
        int b = strchr(s, '0') - s;
        for (int k = 0; k < 4; k++) {
            int t = target(b, k);
            if (t < 0) continue;
            char n[10];
            strcpy(n, s);
            n[b] = n[t];
            n[t] = '0';
            if (dist[rank_of(n)] == left - 1) {
                putchar(letters[k]);
                strcpy(s, n);
                break;
            }
        }
    }
    putchar('\n');
    return 0;
}
