#include <stdio.h>

int main(void)
{
    int arr[1000], len, x, y, swap;
    double mid;

    scanf("%d", &len);
    for (x = 0; x < len; x++) { scanf("%d", &arr[x]); }

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

    /* print */
    for (x = 0; x < len; x++) { printf("%d ", arr[x]); }
    printf("\n");

    if (len % 2 == 1) { printf("median %d\n", arr[len / 2]); }
    else { mid = (arr[len / 2 - 1] + arr[len / 2]) / 2.0; printf("median %.1f\n", mid); }
    return 0;
}
