import sys
from collections import deque

MOVES = [("D", 1, 0), ("L", 0, -1), ("R", 0, 1), ("U", -1, 0)]


def main():
    start, goal = sys.stdin.read().split()[:2]
    dist, count = bfs(start, True)
    if goal not in dist:
        print(-1)
        return
    print(dist[goal])
    print(count[goal])
    print(smallest(start, goal))


def smallest(start, goal):
    back, _ = bfs(goal, False)
    path = []
    s = start
    while s != goal:
        for name, t in neighbours(s):
            if back[t] == back[s] - 1:
                path.append(name)
                s = t
                break
    return "".join(path)


def swap(state, i, j):
    cells = list(state)
    cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)


def neighbours(state):
    z = state.index("0")
    r, c = divmod(z, 3)
    for name, dr, dc in MOVES:
        nr, nc = r + dr, c + dc
        if 0 <= nr < 3 and 0 <= nc < 3:
            yield name, swap(state, z, nr * 3 + nc)


def bfs(source, want_count):
    dist = {source: 0}
    count = {source: 1}
    queue = deque([source])
    while queue:
        s = queue.popleft()
        for _, t in neighbours(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                count[t] = count[s]
                queue.append(t)
            elif want_count and dist[t] == dist[s] + 1:
                count[t] += count[s]
    return dist, count


main()
