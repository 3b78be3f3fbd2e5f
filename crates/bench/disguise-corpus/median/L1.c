#include <stdio.h>

// TP 3 -- sorting
int main(void)
{
  int n;
  int a[1000];
  scanf("%d", &n);
  for (int i = 0; i < n; i++) scanf("%d", &a[i]);

  /* bubble sort */
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < n - 1 - i; j++)
      if (a[j] > a[j + 1])
      {
        int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t;   // swap
      }

  for (int i = 0; i < n; i++) printf("%d ", a[i]);
  printf("\n");

  if (n % 2 == 1) printf("median %d\n", a[n / 2]);
  else printf("median %.1f\n", (a[n / 2 - 1] + a[n / 2]) / 2.0);
  return 0;
}
