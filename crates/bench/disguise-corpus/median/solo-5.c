#include <stdio.h>

#define N 1000

static void merge_sort(int *v, int *tmp, int lo, int hi) {
    if (hi - lo < 2) return;
    int mid = (lo + hi) / 2;
    merge_sort(v, tmp, lo, mid);
    merge_sort(v, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid || j < hi) {
        if (j >= hi || (i < mid && v[i] <= v[j])) tmp[k++] = v[i++];
        else tmp[k++] = v[j++];
    }
    for (k = lo; k < hi; k++) v[k] = tmp[k];
}

int main(void) {
    static int v[N], tmp[N];
    int n;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) scanf("%d", &v[i]);
    merge_sort(v, tmp, 0, n);
    for (int i = 0; i < n; i++) printf("%d ", v[i]);
    putchar('\n');
    if (n % 2 == 0) printf("median %.1f\n", (v[n / 2 - 1] + v[n / 2]) / 2.0);
    else printf("median %d\n", v[n / 2]);
    return 0;
}
