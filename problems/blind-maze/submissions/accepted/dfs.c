/* Accepted: depth-first search with backtracking, iterative (an explicit stack), in C.
 *
 * From each cell, step to an open neighbour (the mask says which) that was not visited
 * yet; when none is left, step back the way it came. Each reachable cell is entered once
 * and left once, so at most 2 (V - 1) moves for V reachable cells, under the budget of
 * 3 n m. Back at the start with nothing left: no route, print -1.
 *
 * Every move is flushed (fflush): stdout to a pipe is fully buffered in C, and the
 * interactor cannot answer a move it has not received.
 */
#include <stdio.h>
#include <stdlib.h>

static const char LETTER[4] = {'U', 'D', 'L', 'R'};

int main(void) {
    int n, m, r, c;
    char reply[8];
    if (scanf("%d %d %d %d %7s", &n, &m, &r, &c, reply) != 5) return 0;
    int cells = n * m;
    int delta[4] = {-m, m, -1, 1};
    char *visited = calloc(cells, 1);
    /* The stack: cell, its open mask, the next move to try, the move that entered it. */
    int *cell = malloc(sizeof(int) * cells);
    unsigned char *open = malloc(cells), *next = malloc(cells), *came = malloc(cells);
    int top = 0;
    cell[0] = r * m + c;
    open[0] = 0;
    for (int d = 0; d < 4; d++) open[0] |= (reply[d] == '1') << d;
    next[0] = 0;
    came[0] = 4; /* none */
    visited[cell[0]] = 1;
    while (top >= 0) {
        int here = cell[top], d = next[top];
        while (d < 4 && (!(open[top] >> d & 1) || visited[here + delta[d]])) d++;
        if (d < 4) {
            int there = here + delta[d];
            next[top] = d + 1;
            visited[there] = 1;
            printf("%c\n", LETTER[d]);
            fflush(stdout);
            if (scanf("%7s", reply) != 1) return 0;
            if (reply[0] == 'E') return 0;
            if (reply[0] == '#') continue;
            top++;
            cell[top] = there;
            open[top] = 0;
            for (int k = 0; k < 4; k++) open[top] |= (reply[k] == '1') << k;
            next[top] = 0;
            came[top] = d;
        } else {
            int back = came[top];
            top--;
            if (back == 4) {
                printf("-1\n");
                fflush(stdout);
                return 0;
            }
            printf("%c\n", LETTER[back ^ 1]);
            fflush(stdout);
            if (scanf("%7s", reply) != 1) return 0;
        }
    }
    return 0;
}
