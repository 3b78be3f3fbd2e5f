// Accepted: depth-first search with backtracking, recursive, in C++.
//
// explore(cell) tries the four moves in the order U D L R; a move to an open, unvisited
// neighbour is made, the neighbour explored, and the move undone by the opposite one.
// Each reachable cell is entered once and left once: at most 2 (V - 1) moves, under the
// budget of 3 n m. The recursion is as deep as the longest corridor (125 000 frames on a
// serpentine 500 x 500 maze, a few MB: the judge's stack limit is its memory limit).
//
// Each move ends with std::endl, which flushes: without it cout keeps the move in its
// buffer and both programs wait for each other.
#include <iostream>
#include <string>
#include <vector>

static int n, m;
static std::vector<char> visited;
static const char LETTER[4] = {'U', 'D', 'L', 'R'};

static int mask_of(const std::string &reply) {
    int mask = 0;
    for (int d = 0; d < 4; d++) mask |= (reply[d] == '1') << d;
    return mask;
}

// Returns true when the exit was reached (stop everything).
static bool explore(int cell, int mask) {
    const int delta[4] = {-m, m, -1, 1};
    for (int d = 0; d < 4; d++) {
        if (!(mask >> d & 1) || visited[cell + delta[d]]) continue;
        int there = cell + delta[d];
        visited[there] = 1;
        std::cout << LETTER[d] << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "E") return true;
        if (reply == "#") continue;
        if (explore(there, mask_of(reply))) return true;
        std::cout << LETTER[d ^ 1] << std::endl;
        if (!(std::cin >> reply)) return true;
    }
    return false;
}

int main() {
    int r, c;
    std::string reply;
    if (!(std::cin >> n >> m >> r >> c >> reply)) return 0;
    visited.assign(n * m, 0);
    visited[r * m + c] = 1;
    if (!explore(r * m + c, mask_of(reply))) std::cout << -1 << std::endl;
    return 0;
}
