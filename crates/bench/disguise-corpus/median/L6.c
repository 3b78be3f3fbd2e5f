#include <stdio.h>

#define MAX 1000

int values[MAX];

void swap(int *x, int *y)
{
  int tmp = *x; *x = *y; *y = tmp;
}

/* bubble sort, stopping once a pass swaps nothing */
void sort(int size)
{
  int m, swapped = 1, last = size - 1;
  while (swapped)
  {
    swapped = 0;
    for (m = 0; m < last; m += 1)
    {
      if (values[m + 1] >= values[m])
        continue;
      swap(values + m, values + m + 1);
      swapped = 1;
    }
    last -= 1;
  }
}

// TP 3 -- sorting
int main(void)
{
  int k;
  int size;
  scanf("%d", &size);
  for (k = 0; k < size; k = k + 1) scanf("%d", values + k);
  sort(size);
  for (k = 0; k < size; k = k + 1) printf("%d ", values[k]);
  putchar('\n');

  if (size % 2 == 0)
    printf("median %.1f\n", (values[size / 2 - 1] + values[size / 2]) / 2.0);
  else
    printf("median %d\n", values[size / 2]);
  return 0;
}
