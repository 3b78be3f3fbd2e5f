# number-chain, brute force: every walk from (0, 0) in direction order 0..7, keeping only
# the statement's rules (inside the board, each cell once, the values 0, 1, ..., K-1, 0,
# ... in order, no two diagonal steps crossing), until one visits every cell and ends on
# (N-1, N-1). Walks all have N*N-1 steps, so the first found in this order is the
# lexicographically smallest. No other pruning: exponential, for boards of side 4 at most
# (problem.toml's [brute_force] and [stress]).
import sys

STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    value = [[int(data[2 + r * n + c]) for c in range(n)] for r in range(n)]
    if n == 1 or value[0][0] != 0:
        print(-1)
        return
    seen = {(0, 0)}
    diagonals = set()  # diagonal steps taken, as unordered pairs of cells
    path = []

    def go(r, c):
        if len(seen) == n * n:
            return (r, c) == (n - 1, n - 1)
        for d, (dr, dc) in enumerate(STEPS):
            nr, nc = r + dr, c + dc
            if not (0 <= nr < n and 0 <= nc < n) or (nr, nc) in seen:
                continue
            if value[nr][nc] != len(seen) % k:
                continue
            step = frozenset(((r, c), (nr, nc)))
            if dr != 0 and dc != 0 and frozenset(((nr, c), (r, nc))) in diagonals:
                continue
            seen.add((nr, nc))
            path.append(d)
            if dr != 0 and dc != 0:
                diagonals.add(step)
            if go(nr, nc):
                return True
            diagonals.discard(step)
            path.pop()
            seen.remove((nr, nc))
        return False

    print("".join(map(str, path)) if go(0, 0) else -1)


main()
