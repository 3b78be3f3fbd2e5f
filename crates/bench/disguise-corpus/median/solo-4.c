#include <stdio.h>

/* counting sort over the value range seen */
int main(void) {
    int n, data[1000], lo = 0, hi = 0;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        scanf("%d", &data[i]);
        if (i == 0 || data[i] < lo) lo = data[i];
        if (i == 0 || data[i] > hi) hi = data[i];
    }
    static int seen[200001];
    for (int i = 0; i < n; i++) seen[data[i] - lo]++;
    int k = 0;
    for (int v = lo; v <= hi; v++)
        while (seen[v - lo]-- > 0) data[k++] = v;
    for (int i = 0; i < n; i++) printf("%d ", data[i]);
    printf("\n");
    if (n & 1) printf("median %d\n", data[n >> 1]);
    else printf("median %.1f\n", (data[(n >> 1) - 1] + data[n >> 1]) * 0.5);
    return 0;
}
