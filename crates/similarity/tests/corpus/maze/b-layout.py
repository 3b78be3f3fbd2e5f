# Maze solver (homework 3)
import sys
from collections import deque

P = 1000000007


def main():
    tokens = sys.stdin.read().split()
    rows, cols = int(tokens[0]), int(tokens[1])
    board = tokens[2:2 + rows]
    src = dst = None
    for x in range(rows):
        for y in range(cols):
            if board[x][y] == "S":
                src = (x, y)          # the start
            elif board[x][y] == "E":
                dst = (x, y)          # the exit
    level = [[-1] * cols for _ in range(rows)]
    paths = [[0] * cols for _ in range(rows)]
    level[src[0]][src[1]] = 0
    paths[src[0]][src[1]] = 1

    q = deque([src])
    dirs = [(-1, 0, "U"), (1, 0, "D"), (0, -1, "L"), (0, 1, "R")]

    while q:
        x, y = q.popleft()
        for ddx, ddy, _ in dirs:
            tx, ty = x + ddx, y + ddy
            if not (0 <= tx < rows and 0 <= ty < cols) or board[tx][ty] == "#":
                continue
            if level[tx][ty] == -1:
                level[tx][ty] = level[x][y] + 1
                paths[tx][ty] = paths[x][y]
                q.append((tx, ty))
            elif level[tx][ty] == level[x][y] + 1:
                paths[tx][ty] = (paths[tx][ty] + paths[x][y]) % P

    fx, fy = dst
    if level[fx][fy] == -1:
        print(-1)
        return

    # rebuild the route backwards
    way = []
    x, y = fx, fy
    while (x, y) != src:
        for ddx, ddy, ch in dirs:
            bx, by = x - ddx, y - ddy
            if 0 <= bx < rows and 0 <= by < cols and level[bx][by] == level[x][y] - 1:
                way.append(ch)
                x, y = bx, by
                break
    way.reverse()
    print(level[fx][fy])
    print(paths[fx][fy])
    print("".join(way))


main()
