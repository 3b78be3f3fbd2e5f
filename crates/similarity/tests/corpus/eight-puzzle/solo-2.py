import sys
from collections import deque

start, goal = sys.stdin.read().split()
ORDER = "DLRU"
SHIFT = {"D": 3, "L": -1, "R": 1, "U": -3}


def legal(blank, move):
    if move == "D":
        return blank < 6
    if move == "U":
        return blank > 2
    if move == "L":
        return blank % 3 > 0
    return blank % 3 < 2


def apply(board, move):
    b = board.find("0")
    o = b + SHIFT[move]
    lo, hi = min(b, o), max(b, o)
    return board[:lo] + board[hi] + board[lo + 1:hi] + board[lo] + board[hi + 1:]


# one search from the goal gives every state's distance to it
to_goal = {goal: 0}
frontier = deque([goal])
while frontier:
    board = frontier.popleft()
    for mv in ORDER:
        if legal(board.find("0"), mv):
            nb = apply(board, mv)
            if nb not in to_goal:
                to_goal[nb] = to_goal[board] + 1
                frontier.append(nb)

if start not in to_goal:
    print(-1)
else:
    d = to_goal[start]
    # count shortest sequences by layers towards the goal
    layer = {start: 1}
    for _ in range(d):
        nxt = {}
        for board, ways in layer.items():
            for mv in ORDER:
                if legal(board.find("0"), mv):
                    nb = apply(board, mv)
                    if to_goal.get(nb) == to_goal[board] - 1:
                        nxt[nb] = nxt.get(nb, 0) + ways
        layer = nxt
    seq = ""
    board = start
    while board != goal:
        mv = next(m for m in ORDER if legal(board.find("0"), m) and to_goal.get(apply(board, m)) == to_goal[board] - 1)
        seq += mv
        board = apply(board, mv)
    print(d)
    print(layer.get(goal, 1))
    print(seq)
