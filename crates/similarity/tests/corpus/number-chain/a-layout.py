# 数字接龙 / number chain
# depth first search in direction order 0..7, so the first walk found is the smallest
import sys

sys.setrecursionlimit(10000)
MOVE_R = [-1, -1, 0, 1, 1, 1, 0, -1]
MOVE_C = [0, 1, 1, 1, 0, -1, -1, -1]


def main():
    tokens = sys.stdin.read().split()
    size, mod = int(tokens[0]), int(tokens[1])
    board = [[int(tokens[2 + r * size + c]) for c in range(size)] for r in range(size)]
    visited = [[False] * size for _ in range(size)]
    edges = set()          # steps taken, both directions
    walk = []

    def go(r, c, steps):
        if r == size - 1 and c == size - 1:
            return steps == size * size
        for dirn in range(8):
            tr, tc = r + MOVE_R[dirn], c + MOVE_C[dirn]
            if tr < 0 or tr >= size or tc < 0 or tc >= size or visited[tr][tc]:
                continue
            if board[tr][tc] != (board[r][c] + 1) % mod:
                continue
            # diagonal steps may not cross
            if dirn % 2 == 1 and ((r + MOVE_R[dirn], c), (r, c + MOVE_C[dirn])) in edges:
                continue
            visited[tr][tc] = True
            edges.add(((r, c), (tr, tc)))
            edges.add(((tr, tc), (r, c)))
            walk.append(str(dirn))
            if go(tr, tc, steps + 1):
                return True
            walk.pop()
            edges.discard(((r, c), (tr, tc)))
            edges.discard(((tr, tc), (r, c)))
            visited[tr][tc] = False
        return False

    if size == 1 or board[0][0] != 0:
        print(-1)
        return
    visited[0][0] = True
    if go(0, 0, 1):
        print("".join(walk))
    else:
        print(-1)


main()
