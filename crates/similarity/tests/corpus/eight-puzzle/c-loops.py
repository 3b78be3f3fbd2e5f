"""Eight puzzle."""
import sys
from collections import deque

DIRS = [("D", 1, 0), ("L", 0, -1), ("R", 0, 1), ("U", -1, 0)]


def moves_from(board):
    hole = board.index("0")
    x, y = hole // 3, hole % 3
    result = []
    for letter, ddx, ddy in DIRS:
        tx, ty = x + ddx, y + ddy
        if tx < 0 or tx >= 3 or ty < 0 or ty >= 3:
            continue
        tiles = list(board)
        other = tx * 3 + ty
        tiles[hole], tiles[other] = tiles[other], tiles[hole]
        result.append((letter, "".join(tiles)))
    return result


def explore(origin, counting):
    depth = {origin: 0}
    ways = {origin: 1}
    todo = deque([origin])
    while len(todo) > 0:
        cur = todo.popleft()
        for _, nxt in moves_from(cur):
            if nxt in depth:
                if counting and depth[nxt] == depth[cur] + 1:
                    ways[nxt] = ways[nxt] + ways[cur]
            else:
                depth[nxt] = depth[cur] + 1
                ways[nxt] = ways[cur]
                todo.append(nxt)
    return depth, ways


def main():
    a, b = sys.stdin.read().split()[:2]
    depth, ways = explore(a, True)
    if b in depth:
        rev, _ = explore(b, False)
        answer = ""
        cur = a
        while cur != b:
            for letter, nxt in moves_from(cur):
                if rev[nxt] + 1 == rev[cur]:
                    answer += letter
                    cur = nxt
                    break
        print(depth[b])
        print(ways[b])
        print(answer)
    else:
        print(-1)


main()
