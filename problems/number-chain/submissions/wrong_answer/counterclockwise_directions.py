# Plain depth-first search with the eight directions numbered counterclockwise from "up"
# (0 up, 1 up-left, 2 left, ..., 7 up-right) instead of clockwise as the statement says.
# It still tries the numbers 0..7 in order, so it finds the smallest walk in its own
# numbering, which is a different walk written with different digits.
#
# Verdict: WRONG ANSWER, on sample/1: it prints 44600644 instead of 41255214 (its 0 1 2 ...
# are other directions, so even the walk it finds is not the smallest in the statement's
# numbering).
import sys

sys.setrecursionlimit(10000)


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    a = [[int(data[2 + i * n + j]) for j in range(n)] for i in range(n)]
    # counterclockwise from up: up, up-left, left, down-left, down, down-right, right, up-right
    dr = [-1, -1, 0, 1, 1, 1, 0, -1]
    dc = [0, -1, -1, -1, 0, 1, 1, 1]
    visited = [[False] * n for _ in range(n)]
    step_to = {}
    path = []

    def go(r, c, time):
        if r == n - 1 and c == n - 1:
            return time == n * n - 1
        for d in range(8):
            nr, nc = r + dr[d], c + dc[d]
            if not (0 <= nr < n and 0 <= nc < n):
                continue
            if visited[nr][nc] or a[nr][nc] != (time + 1) % k:
                continue
            if dr[d] != 0 and dc[d] != 0:
                p, q = (nr, c), (r, nc)
                if step_to.get(p) == q or step_to.get(q) == p:
                    continue
            visited[nr][nc] = True
            step_to[(r, c)] = (nr, nc)
            path.append(d)
            if go(nr, nc, time + 1):
                return True
            path.pop()
            del step_to[(r, c)]
            visited[nr][nc] = False
        return False

    visited[0][0] = True
    if n == 1 or a[0][0] != 0 or not go(0, 0, 0):
        print(-1)
    else:
        print("".join(map(str, path)))


main()
