# pixel-placement, brute force: try every colouring of the n x m grid, in counting order,
# and print the first that gives each digit cell exactly its number of black cells in its
# 3 x 3 block (cut by the edges). 2^(n*m) colourings: for grids of at most 20 cells
# (problem.toml's [brute_force] and [stress]).
import sys
from itertools import product


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    rows = data[2:2 + n]
    clues = [(r, c, int(rows[r][c])) for r in range(n) for c in range(m) if rows[r][c] != "_"]
    blocks = [
        (x, [rr * m + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
             if 0 <= rr < n and 0 <= cc < m])
        for r, c, x in clues
    ]
    for colouring in product((0, 1), repeat=n * m):
        if all(sum(colouring[i] for i in block) == x for x, block in blocks):
            for r in range(n):
                print("".join(map(str, colouring[r * m:(r + 1) * m])))
            return
    print("no colouring meets every clue")


main()
