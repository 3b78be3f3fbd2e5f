#include <stdio.h>

static int arr[1000], len;

static void read_all(void)
{
    int x = 0;
    scanf("%d", &len);
    while (x < len) { scanf("%d", arr + x); x++; }
}

static void print_all(void)
{
    int x = 0;
    while (x < len) { printf("%d ", *(arr + x)); x++; }
    puts("");
}

int main(void)
{
    int x, y, swap;
    double mid;

    read_all();
    /* sort: bigger values bubble up to the end */
    for (x = 0; x < len - 1; ++x) {
        for (y = 0; y + 1 < len - x; ++y) {
            if (!(arr[y] <= arr[y + 1])) {
                swap = arr[y];
                arr[y] = arr[y + 1];
                arr[y + 1] = swap;
            }
        }
    }
    print_all();

    mid = len % 2 ? arr[len / 2] : (arr[len / 2 - 1] + arr[len / 2]) / 2.0;
    if (len % 2) printf("median %d\n", (int)mid);
    else printf("median %.1f\n", mid);
    return 0;
}
