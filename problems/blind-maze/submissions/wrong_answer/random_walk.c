/* Wrong answer: a random walk, over the move budget.
 *
 * It steps to a random open neighbour (the mask says which) until it stands on the exit,
 * and never learns anything about the maze. It needs no memory and is correct in the
 * end, but far too slow: on a corridor of L cells it needs about L * L moves to get from
 * one end to the other, and a maze whose exit cannot be reached it walks forever. The
 * interactor stops it after 3 n m moves ("more than the budget").
 *
 * Its random numbers are a fixed linear congruential sequence, so every run makes the
 * same moves. (A cell with no open neighbour at all is the one case it answers -1.)
 */
#include <stdio.h>

int main(void) {
    int n, m, r, c;
    char reply[8];
    if (scanf("%d %d %d %d %7s", &n, &m, &r, &c, reply) != 5) return 0;
    unsigned long long state = 12345;
    const char letter[4] = {'U', 'D', 'L', 'R'};
    for (;;) {
        int open[4], count = 0;
        for (int d = 0; d < 4; d++)
            if (reply[d] == '1') open[count++] = d;
        if (count == 0) {
            printf("-1\n");
            fflush(stdout);
            return 0;
        }
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        printf("%c\n", letter[open[(state >> 33) % count]]);
        fflush(stdout);
        if (scanf("%7s", reply) != 1 || reply[0] == 'E') return 0;
    }
}
