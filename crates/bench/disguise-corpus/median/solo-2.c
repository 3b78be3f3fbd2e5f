#include <stdio.h>

int nums[1000];

int main() {
    int count, x;
    scanf("%d", &count);
    /* insertion sort while reading */
    for (int r = 0; r < count; r++) {
        scanf("%d", &x);
        int pos = r;
        while (pos > 0 && nums[pos - 1] > x) {
            nums[pos] = nums[pos - 1];
            pos--;
        }
        nums[pos] = x;
    }
    for (int r = 0; r < count; r++) printf("%d ", nums[r]);
    printf("\n");
    int mid = count / 2;
    if (count % 2 != 0) printf("median %d\n", nums[mid]);
    else printf("median %.1f\n", (double)(nums[mid - 1] + nums[mid]) / 2);
    return 0;
}
