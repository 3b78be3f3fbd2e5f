# knights-tour, brute force: every walk from S in the statement's move order, no pruning,
# until one covers every free square; -1 when none does. Obviously right, exponentially
# slow: for the small tests that problem.toml's [brute_force] lists, and for stress tests.
import sys

MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    free = {(r, c) for r in range(n) for c in range(m) if grid[r][c] != "#"}
    start = next((r, c) for r in range(n) for c in range(m) if grid[r][c] == "S")
    sys.setrecursionlimit(10000)
    path = [start]
    seen = {start}

    def go(square):
        if len(path) == len(free):
            return True
        for dr, dc in MOVES:
            nxt = (square[0] + dr, square[1] + dc)
            if nxt in free and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if go(nxt):
                    return True
                path.pop()
                seen.remove(nxt)
        return False

    if go(start):
        sys.stdout.write("".join("%d %d\n" % square for square in path))
    else:
        sys.stdout.write("-1\n")


main()
