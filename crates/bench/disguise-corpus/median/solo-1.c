#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    int *v = malloc(sizeof(int) * n);
    for (int i = 0; i < n; ++i) scanf("%d", v + i);
    qsort(v, n, sizeof(int), cmp);
    for (int i = 0; i < n; ++i) printf("%d%c", v[i], i + 1 < n ? ' ' : ' ');
    puts("");
    double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    if (n % 2) printf("median %d\n", v[n / 2]);
    else printf("median %.1f\n", med);
    free(v);
    return 0;
}
