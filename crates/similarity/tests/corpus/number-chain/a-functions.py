import sys

sys.setrecursionlimit(10000)
DX = [-1, -1, 0, 1, 1, 1, 0, -1]
DY = [0, 1, 1, 1, 0, -1, -1, -1]
n = k = 0
g = []
seen = []
used = set()
path = []


def crosses(x, y, d):
    return d % 2 == 1 and ((x + DX[d], y), (x, y + DY[d])) in used


def mark(x, y, nx, ny, on):
    seen[nx][ny] = on
    if on:
        used.add(((x, y), (nx, ny)))
        used.add(((nx, ny), (x, y)))
    else:
        used.discard(((x, y), (nx, ny)))
        used.discard(((nx, ny), (x, y)))


def dfs(x, y, count):
    if x == n - 1 and y == n - 1:
        return count == n * n
    for d in range(8):
        nx, ny = x + DX[d], y + DY[d]
        if nx < 0 or nx >= n or ny < 0 or ny >= n or seen[nx][ny]:
            continue
        if g[nx][ny] != (g[x][y] + 1) % k:
            continue
        if crosses(x, y, d):
            continue
        mark(x, y, nx, ny, True)
        path.append(str(d))
        if dfs(nx, ny, count + 1):
            return True
        path.pop()
        mark(x, y, nx, ny, False)
    return False


def main():
    global n, k, g, seen
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    g = [[int(data[2 + i * n + j]) for j in range(n)] for i in range(n)]
    seen = [[False] * n for _ in range(n)]
    if n == 1 or g[0][0] != 0:
        print(-1)
        return
    seen[0][0] = True
    print("".join(path) if dfs(0, 0, 1) else -1)


main()
