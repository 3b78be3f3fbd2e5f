# eight-puzzle, brute force: every move sequence of length 0, 1, 2, ... in the order
# D < L < R < U, without pruning (not even a move undoing the last one), until some length
# d has sequences reaching the goal: d is the answer, their number the count, and the first
# one found the smallest. Whether the goal can be reached at all is decided by listing
# every state reachable from the start (a flood fill), when no sequence of up to 12 moves
# reaches it. About 3^d sequences: for distances up to 12 (problem.toml's [brute_force] and
# [stress]).
import sys

SHIFT = {"D": 3, "L": -1, "R": 1, "U": -3}
QUICK_DEPTH = 12


def moves(state):
    blank = state.index("0")
    row, col = divmod(blank, 3)
    for letter in "DLRU":
        if (letter == "D" and row == 2 or letter == "U" and row == 0
                or letter == "L" and col == 0 or letter == "R" and col == 2):
            continue
        other = blank + SHIFT[letter]
        cells = list(state)
        cells[blank], cells[other] = cells[other], cells[blank]
        yield letter, "".join(cells)


def sequences(state, goal, depth, prefix, found):
    if depth == 0:
        if state == goal:
            found.append("".join(prefix))
        return
    for letter, after in moves(state):
        prefix.append(letter)
        sequences(after, goal, depth - 1, prefix, found)
        prefix.pop()


def reachable(start):
    seen = {start}
    todo = [start]
    while todo:
        for _, after in moves(todo.pop()):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def main():
    start, goal = sys.stdin.read().split()
    depth = 0
    while True:
        if depth == QUICK_DEPTH + 1 and goal not in reachable(start):
            print(-1)
            return
        found = []
        sequences(start, goal, depth, [], found)
        if found:
            print(depth)
            print(len(found))
            print(found[0])
            return
        depth += 1


main()
