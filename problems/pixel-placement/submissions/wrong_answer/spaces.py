# pixel-placement, WRONG ANSWER: a correct search (the seed's DFS, stopped at the first
# colouring), but it prints the cells separated by spaces ("0 0 0 1 1 0 0 0"), a common
# habit from problems whose output is a matrix of numbers. The statement asks for m
# characters per line with nothing between them; the checker stops at the first space:
# "bad character ' ' at (0, 1)" on the sample.
import sys


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    f = [[0] * m for _ in range(n)]

    def check(x, y):
        if grid[x][y] == '_':
            return True
        count = 0
        for i in range(x - 1, x + 2):
            for j in range(y - 1, y + 2):
                if 0 <= i < n and 0 <= j < m:
                    count += f[i][j]
        return count == int(grid[x][y])

    def dfs(x, y):
        if x == n:
            return all(check(n - 1, c) for c in range(m))
        nx, ny = (x + 1, 0) if y == m - 1 else (x, y + 1)
        for colour in (1, 0):
            f[x][y] = colour
            ok = x == 0 or y == 0 or check(x - 1, y - 1)
            if y == m - 1 and x > 0:
                ok = ok and check(x - 1, y)
            if ok and dfs(nx, ny):
                return True
        f[x][y] = 0
        return False

    sys.setrecursionlimit(10000)
    if dfs(0, 0):
        for row in f:
            print(*row)


main()
