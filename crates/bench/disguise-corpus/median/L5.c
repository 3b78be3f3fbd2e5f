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
  int k = 0, m;
  while (k < size - 1)
  {
    m = 0;
    while (m < size - 1 - k)
    {
      if (values[m + 1] < values[m])
        swap(values + m, values + m + 1);
      m += 1;
    }
    k += 1;
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

  switch (size % 2)
  {
  case 1:
    printf("median %d\n", values[size / 2]);
    break;
  default:
    printf("median %.1f\n", (values[size / 2 - 1] + values[size / 2]) / 2.0);
  }
  return 0;
}
