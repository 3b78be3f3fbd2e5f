#include <stdio.h>
int main(void) {
    long n, s = 0;
    if (scanf("%ld", &n) != 1) return 1;
    for (long i = 1; i <= n; i++) s = (s * 31 + i) % 1000003;
    printf("%ld\n", s);
    return 0;
}
