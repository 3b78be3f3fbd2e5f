# Maze solver (homework 3), second version
import sys
from collections import deque

P = 1000000007


def main():
    tokens = sys.stdin.read().split()
    rows, cols = int(tokens[0]), int(tokens[1])
    board = tokens[2:2 + rows]
    src = dst = None
    x = 0
    while x < rows:
        y = 0
        while y < cols:
            if board[x][y] == "S":
                src = (x, y)
            if board[x][y] == "E":
                dst = (x, y)
            y += 1
        x += 1
    level = [[-1] * cols for _ in range(rows)]
    paths = [[0] * cols for _ in range(rows)]
    level[src[0]][src[1]] = 0
    paths[src[0]][src[1]] = 1
    q = deque([src])
    dirs = [(-1, 0, "U"), (1, 0, "D"), (0, -1, "L"), (0, 1, "R")]
    while len(q) > 0:
        x, y = q.popleft()
        for ddx, ddy, _ in dirs:
            tx, ty = x + ddx, y + ddy
            if 0 <= tx < rows and 0 <= ty < cols and board[tx][ty] != "#":
                if level[tx][ty] < 0:
                    level[tx][ty] = level[x][y] + 1
                    paths[tx][ty] = paths[x][y]
                    q.append((tx, ty))
                elif level[tx][ty] == level[x][y] + 1:
                    paths[tx][ty] += paths[x][y]
                    paths[tx][ty] %= P
    fx, fy = dst
    if level[fx][fy] < 0:
        sys.stdout.write("-1\n")
    else:
        way = []
        x, y = fx, fy
        while (x, y) != src:
            for ddx, ddy, ch in dirs:
                bx, by = x - ddx, y - ddy
                if 0 <= bx < rows and 0 <= by < cols and level[bx][by] == level[x][y] - 1:
                    way.append(ch)
                    x, y = bx, by
                    break
        sys.stdout.write(str(level[fx][fy]) + "\n" + str(paths[fx][fy]) + "\n" + "".join(reversed(way)) + "\n")


main()
