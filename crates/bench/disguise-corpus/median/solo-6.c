#include <stdio.h>

int main(void)
{
    int count = 0, numbers[1000];
    scanf("%d", &count);
    int r = 0;
    while (r < count) {
        scanf("%d", numbers + r);
        r++;
    }
    /* gnome sort */
    int pos = 1;
    while (pos < count) {
        if (pos == 0 || numbers[pos - 1] <= numbers[pos]) {
            pos++;
        } else {
            int keep = numbers[pos];
            numbers[pos] = numbers[pos - 1];
            numbers[pos - 1] = keep;
            pos--;
        }
    }
    for (r = 0; r < count; r++)
        printf("%d ", numbers[r]);
    printf("\n");
    double middle;
    if (count % 2) {
        printf("median %d\n", numbers[count / 2]);
    } else {
        middle = (numbers[count / 2 - 1] + numbers[count / 2]) / 2.0;
        printf("median %.1f\n", middle);
    }
    return 0;
}
