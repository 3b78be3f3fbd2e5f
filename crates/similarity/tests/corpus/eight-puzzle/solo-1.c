#include <stdio.h>
#include <string.h>

/* Cantor expansion: a permutation of 0..8 as a number below 9! */
static const int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
static int seen_a[362880], seen_b[362880];
static long long paths[362880];
static int q[362880];

static int rank_of(const char *p) {
    int code = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++)
            if (p[j] < p[i]) smaller++;
        code += smaller * fact[8 - i];
    }
    return code;
}

static void unrank(int code, char *p) {
    int used[9] = {0};
    for (int i = 0; i < 9; i++) {
        int t = code / fact[8 - i];
        code %= fact[8 - i];
        for (int d = 0; d < 9; d++) {
            if (used[d]) continue;
            if (t == 0) { p[i] = (char)('0' + d); used[d] = 1; break; }
            t--;
        }
    }
    p[9] = 0;
}

static const char *names = "DLRU";
static const int delta[4] = {3, -1, 1, -3};

static int step(const char *p, int k, char *out) {
    int z = (int)(strchr(p, '0') - p);
    if (k == 0 && z >= 6) return 0;
    if (k == 1 && z % 3 == 0) return 0;
    if (k == 2 && z % 3 == 2) return 0;
    if (k == 3 && z < 3) return 0;
    memcpy(out, p, 10);
    out[z] = out[z + delta[k]];
    out[z + delta[k]] = '0';
    return 1;
}

static void sweep(int from, int *seen, int counting) {
    int h = 0, t = 0;
    char p[10], n[10];
    seen[from] = 1;
    if (counting) paths[from] = 1;
    q[t++] = from;
    while (h < t) {
        int u = q[h++];
        unrank(u, p);
        for (int k = 0; k < 4; k++) {
            if (!step(p, k, n)) continue;
            int v = rank_of(n);
            if (!seen[v]) { seen[v] = seen[u] + 1; q[t++] = v; }
            if (counting && seen[v] == seen[u] + 1) paths[v] += paths[u];
        }
    }
}

int main(void) {
    char a[16], b[16], n[10];
    if (scanf("%15s %15s", a, b) != 2) return 0;
    int s = rank_of(a), g = rank_of(b);
    sweep(s, seen_a, 1);
    if (!seen_a[g]) { puts("-1"); return 0; }
    sweep(g, seen_b, 0);
    printf("%d\n%lld\n", seen_a[g] - 1, paths[g]);
    while (strcmp(a, b) != 0) {
        for (int k = 0; k < 4; k++) {
            if (step(a, k, n) && seen_b[rank_of(n)] == seen_b[rank_of(a)] - 1) {
                putchar(names[k]);
                memcpy(a, n, 10);
                break;
            }
        }
    }
    putchar('\n');
    return 0;
}
