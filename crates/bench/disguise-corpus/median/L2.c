#include <stdio.h>

// TP 3 -- sorting
int main(void)
{
  int size;
  int values[1000];
  scanf("%d", &size);
  for (int k = 0; k < size; k++) scanf("%d", &values[k]);

  /* bubble sort */
  for (int k = 0; k < size - 1; k++)
    for (int m = 0; m < size - 1 - k; m++)
      if (values[m] > values[m + 1])
      {
        int tmp = values[m]; values[m] = values[m + 1]; values[m + 1] = tmp;   // swap
      }

  for (int k = 0; k < size; k++) printf("%d ", values[k]);
  printf("\n");

  if (size % 2 == 1) printf("median %d\n", values[size / 2]);
  else printf("median %.1f\n", (values[size / 2 - 1] + values[size / 2]) / 2.0);
  return 0;
}
