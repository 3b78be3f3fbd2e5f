import sys

sys.setrecursionlimit(10000)
DX = [-1, -1, 0, 1, 1, 1, 0, -1]
DY = [0, 1, 1, 1, 0, -1, -1, -1]


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    g = [[int(data[2 + i * n + j]) for j in range(n)] for i in range(n)]
    seen = [[False] * n for _ in range(n)]
    used = set()
    path = []

    def dfs(x, y, count):
        if x == n - 1 and y == n - 1:
            return count == n * n
        for d in range(8):
            nx, ny = x + DX[d], y + DY[d]
            if nx < 0 or nx >= n or ny < 0 or ny >= n or seen[nx][ny]:
                continue
            if g[nx][ny] != (g[x][y] + 1) % k:
                continue
            if d % 2 == 1 and ((x + DX[d], y), (x, y + DY[d])) in used:
                continue
            seen[nx][ny] = True
            used.add(((x, y), (nx, ny)))
            used.add(((nx, ny), (x, y)))
            path.append(str(d))
            if dfs(nx, ny, count + 1):
                return True
            path.pop()
            used.discard(((x, y), (nx, ny)))
            used.discard(((nx, ny), (x, y)))
            seen[nx][ny] = False
        return False

    if n == 1 or g[0][0] != 0:
        print(-1)
        return
    seen[0][0] = True
    if dfs(0, 0, 1):
        print("".join(path))
    else:
        print(-1)


main()
