/* Touches MIB mebibytes (one write per 4 KiB page of a malloc'd block), then prints its
 * own peak resident size (VmHWM):   ./main MIB  ->  self_peak_kib=68000 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    size_t bytes = (size_t)(argc > 1 ? atol(argv[1]) : 0) << 20;
    volatile char *block = bytes ? malloc(bytes) : NULL;
    if (bytes && !block) return 2;
    for (size_t i = 0; i < bytes; i += 4096) block[i] = 1;
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    while (status && fgets(line, sizeof line, status))
        if (strncmp(line, "VmHWM:", 6) == 0) printf("self_peak_kib=%ld\n", atol(line + 6));
    if (status) fclose(status);
    return 0;
}
