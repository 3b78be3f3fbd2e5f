# Accepted: depth-first search with backtracking, iterative, in Python 3.
#
# From each cell, step to an open neighbour (the mask says which) not visited yet; when
# none is left, step back the way it came. Each reachable cell is entered once and left
# once: at most 2 (V - 1) moves, under the budget of 3 n m. Back at the start with
# nothing left: no route, print -1.
#
# Iterative, because a corridor of 125 000 cells is far deeper than Python's recursion
# limit. Each move is written and flushed at once (sys.stdout is block-buffered on a
# pipe); the replies are read with readline.
import sys


def main():
    read = sys.stdin.readline
    write = sys.stdout.write
    flush = sys.stdout.flush
    n, m, r, c = map(int, read().split())
    mask = read()
    delta = (-m, m, -1, 1)
    letters = ("U\n", "D\n", "L\n", "R\n")
    back = ("D\n", "U\n", "R\n", "L\n")
    visited = bytearray(n * m)
    here = r * m + c
    visited[here] = 1
    # The stack holds (cell, mask, next move to try, move that entered it).
    stack = [[here, mask, 0, -1]]
    while stack:
        frame = stack[-1]
        here, mask, d, came = frame
        while d < 4 and (mask[d] != "1" or visited[here + delta[d]]):
            d += 1
        if d < 4:
            frame[2] = d + 1
            there = here + delta[d]
            visited[there] = 1
            write(letters[d])
            flush()
            reply = read()
            if not reply or reply[0] == "E":
                return
            if reply[0] != "#":
                stack.append([there, reply, 0, d])
        else:
            stack.pop()
            if came < 0:
                write("-1\n")
                flush()
                return
            write(back[came])
            flush()
            read()


main()
