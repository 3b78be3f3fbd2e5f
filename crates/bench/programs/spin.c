/* A calibrated busy loop: spins in THREADS threads until the process (all threads
 * together) has used SECONDS of CPU time, by its own clock, then prints that clock as
 * measured by getrusage after the threads are joined:
 *
 *     ./main SECONDS THREADS   ->   self_cpu_s=0.500123
 *
 * The loop is its own calibration: the sandbox's report is compared with the figure the
 * program printed (and with SECONDS). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static double target_s;
static volatile unsigned long sink;

static double process_cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *spin(void *unused) {
    (void)unused;
    unsigned long x = 1;
    for (;;) {
        for (int i = 0; i < 20000; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;
        sink = x;
        if (process_cpu_s() >= target_s) return NULL;
    }
}

int main(int argc, char **argv) {
    target_s = argc > 1 ? atof(argv[1]) : 0.5;
    int threads = argc > 2 ? atoi(argv[2]) : 1;
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    pthread_t ids[64];
    for (int i = 1; i < threads; i++) pthread_create(&ids[i], NULL, spin, NULL);
    spin(NULL);
    for (int i = 1; i < threads; i++) pthread_join(ids[i], NULL);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double self = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
                  usage.ru_stime.tv_usec / 1e6;
    printf("self_cpu_s=%.6f\n", self);
    return 0;
}
