#include <stdio.h>

static int arr[1000], len;

static void read_all(void)
{
    int x;
    scanf("%d", &len);
    for (x = 0; x < len; x++) { scanf("%d", &arr[x]); }
}

static void print_all(void)
{
    int x;
    for (x = 0; x < len; x++) { printf("%d ", arr[x]); }
    printf("\n");
}

int main(void)
{
    int x, y, swap;
    double mid;

    read_all();
    /* sort: bigger values bubble up to the end */
    for (x = 0; x < len - 1; x++) {
        for (y = 0; y < len - 1 - x; y++) {
            if (arr[y] > arr[y + 1]) {
                swap = arr[y];
                arr[y] = arr[y + 1];
                arr[y + 1] = swap;
            }
        }
    }
    print_all();

    if (len % 2 == 1) { printf("median %d\n", arr[len / 2]); }
    else { mid = (arr[len / 2 - 1] + arr[len / 2]) / 2.0; printf("median %.1f\n", mid); }
    return 0;
}
