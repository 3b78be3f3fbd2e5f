#include <stdio.h>

#define MAX 1000

int values[MAX];

void swap(int *x, int *y)
{
  int tmp = *x; *x = *y; *y = tmp;
}

/* bubble sort */
void sort(int size)
{
  int k, m;
  for (k = 0; k < size - 1; k++)
    for (m = 0; m < size - 1 - k; m++)
      if (values[m] > values[m + 1])
        swap(&values[m], &values[m + 1]);
}

// TP 3 -- sorting
int main(void)
{
  int k;
  int size;
  scanf("%d", &size);
  for (k = 0; k < size; k++) scanf("%d", &values[k]);
  sort(size);
  for (k = 0; k < size; k++) printf("%d ", values[k]);
  printf("\n");

  if (size % 2 == 1) printf("median %d\n", values[size / 2]);
  else printf("median %.1f\n", (values[size / 2 - 1] + values[size / 2]) / 2.0);
  return 0;
}
