# Brute force: breadth-first search over the lettered boards exactly as the input writes
# them, every piece distinct, moving every letter in every direction and keeping a move
# when each of the piece's cells lands on the board on '.' or on its own letter. Nothing
# is canonical or clever, so it is plainly right, and slow: it stores every lettered board
# nearer than the exit, millions on the classic layouts. judge verify runs it only on the
# boards near the exit ([brute_force] in problem.toml).
import sys
from collections import deque

SHIFT = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}


def moved(board, letter, direction):
    dr, dc = SHIFT[direction]
    cells = [i for i in range(20) if board[i] == letter]
    after = [c if c != letter else '.' for c in board]
    for i in cells:
        r, c = i // 4 + dr, i % 4 + dc
        if not (0 <= r < 5 and 0 <= c < 4) or board[r * 4 + c] not in ('.', letter):
            return None
        after[r * 4 + c] = letter
    return ''.join(after)


def at_exit(board):
    letter = board[13]
    return letter != '.' and board.count(letter) == 4 and all(board[i] == letter for i in (14, 17, 18))


def main():
    start = ''.join(sys.stdin.read().split())
    parent = {start: None}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        if at_exit(board):
            moves = []
            while parent[board] is not None:
                board, move = parent[board]
                moves.append(move)
            moves.reverse()
            print(len(moves))
            print(' '.join(moves))
            return
        for letter in sorted(set(board) - {'.'}):
            for direction in 'UDLR':
                after = moved(board, letter, direction)
                if after is not None and after not in parent:
                    parent[after] = (board, letter + direction)
                    queue.append(after)
    print(-1)


main()
