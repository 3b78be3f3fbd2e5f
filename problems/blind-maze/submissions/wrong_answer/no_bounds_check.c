/* Wrong answer: an illegal move, off the edge of the maze.
 *
 * A recursive depth-first search that ignores the masks and finds the walls by bumping
 * into them: it tries all four moves from every cell and takes the reply "#" to mean
 * "not this way". It skips cells it has visited, but it never checks the maze's bounds,
 * trusting the interactor to answer "#" there too. The interactor does not: leaving the
 * maze is an illegal move, and the first one it sees is wrong answer (already on the
 * sample: U from the start (0, 0)).
 */
#include <stdio.h>
#include <stdlib.h>

static int n, m;
static char *visited;
static const char LETTER[4] = {'U', 'D', 'L', 'R'};
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

static int explore(int r, int c) {
    char reply[8];
    for (int d = 0; d < 4; d++) {
        int nr = r + DR[d], nc = c + DC[d];
        /* Bug: no 0 <= nr < n, 0 <= nc < m test (and an index that may be outside). */
        long index = (long)nr * m + nc;
        if (index >= 0 && index < (long)n * m && visited[index]) continue;
        printf("%c\n", LETTER[d]);
        fflush(stdout);
        if (scanf("%7s", reply) != 1 || reply[0] == 'E') return 1;
        if (reply[0] == '#') continue;
        visited[index] = 1;
        if (explore(nr, nc)) return 1;
        printf("%c\n", LETTER[d ^ 1]);
        fflush(stdout);
        if (scanf("%7s", reply) != 1) return 1;
    }
    return 0;
}

int main(void) {
    int r, c;
    char mask[8];
    if (scanf("%d %d %d %d %7s", &n, &m, &r, &c, mask) != 5) return 0;
    visited = calloc((size_t)n * m, 1);
    visited[r * m + c] = 1;
    if (!explore(r, c)) {
        printf("-1\n");
        fflush(stdout);
    }
    return 0;
}
