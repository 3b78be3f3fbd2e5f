# Wrong answer: a correct BFS, but when E is never reached it prints its distance (-1)
# and its count (0) as if there were a route, instead of the single token -1
# (secret/04-row-blocked: "extra token after -1").
import sys
from collections import deque


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    g = data[2:2 + n]
    for r in range(n):
        for c in range(m):
            if g[r][c] == "S":
                s = (r, c)
            elif g[r][c] == "E":
                e = (r, c)
    dist = [[-1] * m for _ in range(n)]
    cnt = [[0] * m for _ in range(n)]
    dist[s[0]][s[1]] = 0
    cnt[s[0]][s[1]] = 1
    q = deque([s])
    moves = ((-1, 0, "U"), (1, 0, "D"), (0, -1, "L"), (0, 1, "R"))
    while q:
        r, c = q.popleft()
        for dr, dc, _ in moves:
            nr, nc = r + dr, c + dc
            if 0 <= nr < n and 0 <= nc < m and g[nr][nc] != "#":
                if dist[nr][nc] == -1:
                    dist[nr][nc] = dist[r][c] + 1
                    cnt[nr][nc] = cnt[r][c]
                    q.append((nr, nc))
                elif dist[nr][nc] == dist[r][c] + 1:
                    cnt[nr][nc] = (cnt[nr][nc] + cnt[r][c]) % 1000000007
    route = []
    r, c = e
    while dist[r][c] > 0:
        for dr, dc, name in moves:
            pr, pc = r - dr, c - dc
            if 0 <= pr < n and 0 <= pc < m and g[pr][pc] != "#" and dist[pr][pc] == dist[r][c] - 1:
                route.append(name)
                r, c = pr, pc
                break
    print(dist[e[0]][e[1]])
    print(cnt[e[0]][e[1]])
    print("".join(reversed(route)))


main()
