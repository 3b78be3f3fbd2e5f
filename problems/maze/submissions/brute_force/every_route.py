# maze, brute force: every route from S that never enters a cell twice (a shortest route
# never does), by depth-first search in the order U D L R. The shortest of those ending on
# E gives L; the count is how many of them have length L; the route printed is the first
# of length L found. Exponential in the open area: for mazes of at most 5 x 5 (problem.toml's
# [brute_force] and [stress]).
import sys

MOD = 1_000_000_007
STEPS = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    start = next((r, c) for r in range(n) for c in range(m) if grid[r][c] == "S")
    best = {"length": None, "count": 0, "route": None}
    seen = {start}
    route = []

    def go(r, c):
        if grid[r][c] == "E":
            length = len(route)
            if best["length"] is None or length < best["length"]:
                best.update(length=length, count=0, route="".join(route))
            if length == best["length"]:
                best["count"] += 1
            return
        for letter, dr, dc in STEPS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < n and 0 <= nc < m and grid[nr][nc] != "#" and (nr, nc) not in seen:
                seen.add((nr, nc))
                route.append(letter)
                go(nr, nc)
                route.pop()
                seen.remove((nr, nc))

    sys.setrecursionlimit(10000)
    go(*start)
    if best["length"] is None:
        print(-1)
    else:
        print(best["length"])
        print(best["count"] % MOD)
        print(best["route"])


main()
