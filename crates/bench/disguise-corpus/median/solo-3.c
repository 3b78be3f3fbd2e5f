#include <stdio.h>

void selection_sort(int arr[], int len) {
    for (int i = 0; i < len; i++) {
        int min = i;
        for (int j = i + 1; j < len; j++)
            if (arr[j] < arr[min])
                min = j;
        if (min != i) {
            int h = arr[i];
            arr[i] = arr[min];
            arr[min] = h;
        }
    }
}

double median(const int arr[], int len) {
    if (len % 2 == 0)
        return (arr[len / 2 - 1] + arr[len / 2]) / 2.0;
    return arr[len / 2];
}

int main(void) {
    int len;
    int arr[1000];
    scanf("%d", &len);
    for (int i = 0; i < len; i++)
        scanf("%d", &arr[i]);
    selection_sort(arr, len);
    for (int i = 0; i < len; i++)
        printf("%d ", arr[i]);
    printf("\n");
    if (len % 2 == 0)
        printf("median %.1f\n", median(arr, len));
    else
        printf("median %d\n", (int)median(arr, len));
    return 0;
}
