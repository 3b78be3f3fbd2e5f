#include <stdio.h>

int main(void)
{
    int len;
    int arr[1000];

    scanf("%d", &len);
    for (int x = 0; x < len; x++) { scanf("%d", &arr[x]); }

    /* sort: bigger values bubble up to the end */
    for (int x = 0; x < len - 1; x++) {
        for (int y = 0; y < len - 1 - x; y++) {
            if (arr[y] > arr[y + 1]) {
                int swap = arr[y];
                arr[y] = arr[y + 1];
                arr[y + 1] = swap;
            }
        }
    }

    /* print */
    for (int x = 0; x < len; x++) { printf("%d ", arr[x]); }
    printf("\n");

    if (len % 2 == 1) { printf("median %d\n", arr[len / 2]); }
    else { printf("median %.1f\n", (arr[len / 2 - 1] + arr[len / 2]) / 2.0); }
    return 0;
}
