#!/usr/bin/env python3
"""Eight puzzle: BFS from both ends."""
import sys
from collections import deque

DIRS = [("D", 1, 0), ("L", 0, -1), ("R", 0, 1), ("U", -1, 0)]


def moves_from(board):
    hole = board.index("0")
    x, y = divmod(hole, 3)
    for letter, ddx, ddy in DIRS:
        tx, ty = x + ddx, y + ddy
        if 0 <= tx < 3 and 0 <= ty < 3:
            tiles = list(board)
            other = tx * 3 + ty
            tiles[hole], tiles[other] = tiles[other], tiles[hole]
            yield letter, "".join(tiles)


def explore(origin, counting):
    depth = {origin: 0}
    ways = {origin: 1}
    todo = deque([origin])
    while todo:
        cur = todo.popleft()
        for _, nxt in moves_from(cur):
            if nxt not in depth:
                depth[nxt] = depth[cur] + 1
                ways[nxt] = ways[cur]
                todo.append(nxt)
            elif counting and depth[nxt] == depth[cur] + 1:
                ways[nxt] += ways[cur]
    return depth, ways


def main():
    a, b = sys.stdin.read().split()[:2]
    depth, ways = explore(a, True)
    if b not in depth:
        print(-1)
        return
    rev, _ = explore(b, False)
    answer = []
    cur = a
    while cur != b:
        for letter, nxt in moves_from(cur):
            if rev[nxt] == rev[cur] - 1:
                answer.append(letter)
                cur = nxt
                break
    print(depth[b])
    print(ways[b])
    print("".join(answer))


main()
