import sys
from collections import deque

MOD = 10**9 + 7


def solve():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    start = end = None
    for i in range(n):
        for j in range(m):
            if grid[i][j] == "S":
                start = (i, j)
            elif grid[i][j] == "E":
                end = (i, j)
    dist = [[-1] * m for _ in range(n)]
    count = [[0] * m for _ in range(n)]
    dist[start[0]][start[1]] = 0
    count[start[0]][start[1]] = 1
    queue = deque([start])
    moves = [(-1, 0, "U"), (1, 0, "D"), (0, -1, "L"), (0, 1, "R")]
    while queue:
        r, c = queue.popleft()
        for dr, dc, _ in moves:
            nr, nc = r + dr, c + dc
            if not (0 <= nr < n and 0 <= nc < m) or grid[nr][nc] == "#":
                continue
            if dist[nr][nc] == -1:
                dist[nr][nc] = dist[r][c] + 1
                count[nr][nc] = count[r][c]
                queue.append((nr, nc))
            elif dist[nr][nc] == dist[r][c] + 1:
                count[nr][nc] = (count[nr][nc] + count[r][c]) % MOD
    er, ec = end
    if dist[er][ec] == -1:
        print(-1)
        return
    route = []
    r, c = er, ec
    while (r, c) != start:
        for dr, dc, letter in moves:
            pr, pc = r - dr, c - dc
            if 0 <= pr < n and 0 <= pc < m and dist[pr][pc] == dist[r][c] - 1:
                route.append(letter)
                r, c = pr, pc
                break
    route.reverse()
    print(dist[er][ec])
    print(count[er][ec])
    print("".join(route))


solve()
