# number chain
import sys

sys.setrecursionlimit(10000)
MOVE_R = [-1, -1, 0, 1, 1, 1, 0, -1]
MOVE_C = [0, 1, 1, 1, 0, -1, -1, -1]


def main():
    tokens = sys.stdin.read().split()
    size, mod = int(tokens[0]), int(tokens[1])
    board = []
    r = 0
    while r < size:
        board.append([int(tokens[2 + r * size + c]) for c in range(size)])
        r += 1
    visited = [[False] * size for _ in range(size)]
    edges = set()
    walk = []

    def go(r, c, steps):
        if r == size - 1 and c == size - 1:
            return steps == size * size
        dirn = 0
        while dirn < 8:
            tr, tc = r + MOVE_R[dirn], c + MOVE_C[dirn]
            ok = 0 <= tr < size and 0 <= tc < size and not visited[tr][tc]
            if ok and board[tr][tc] == (board[r][c] + 1) % mod:
                if not (dirn % 2 == 1 and ((r + MOVE_R[dirn], c), (r, c + MOVE_C[dirn])) in edges):
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
            dirn += 1
        return False

    if size > 1 and board[0][0] == 0:
        visited[0][0] = True
        if go(0, 0, 1):
            print("".join(walk))
            return
    print(-1)


main()
