# Accepted: one breadth-first search from the goal, layer by layer, over the states as
# 9-character strings. dist[s] is the distance from s to the goal and cnt[s] the number of
# shortest move sequences from s to it (the sum over neighbours one layer closer). The
# search stops once the start's layer is complete. Unreachable start (other parity): -1.
# The smallest sequence is built greedily from the start: the first letter in the order
# D < L < R < U whose move leads one layer closer to the goal.
import sys


def main():
    start, goal = sys.stdin.read().split()[:2]
    # For each blank position: the positions it can move to, with the move's letter.
    moves = []
    for b in range(9):
        r, c = divmod(b, 3)
        options = []
        if r < 2:
            options.append((b + 3, "D"))
        if c > 0:
            options.append((b - 1, "L"))
        if c < 2:
            options.append((b + 1, "R"))
        if r > 0:
            options.append((b - 3, "U"))
        moves.append(options)
    # Pre-sorted position pairs so that a swap is two slices and two characters.
    swaps = [[(min(b, t), max(b, t)) for t, _ in moves[b]] for b in range(9)]

    dist = {goal: 0}
    cnt = {goal: 1}
    frontier = [goal]
    d = 0
    while frontier and start not in dist:
        d += 1
        nxt = []
        for s in frontier:
            c = cnt[s]
            for i, j in swaps[s.index("0")]:
                t = s[:i] + s[j] + s[i + 1:j] + s[i] + s[j + 1:]
                seen = dist.get(t)
                if seen is None:
                    dist[t] = d
                    cnt[t] = c
                    nxt.append(t)
                elif seen == d:
                    cnt[t] += c
        frontier = nxt
    if start not in dist:
        print(-1)
        return
    out = []
    s = start
    k = dist[start]
    while k:
        b = s.index("0")
        for t, letter in moves[b]:
            lst = list(s)
            lst[b], lst[t] = lst[t], lst[b]
            n = "".join(lst)
            if dist.get(n) == k - 1:
                out.append(letter)
                s = n
                k -= 1
                break
    print(dist[start])
    print(cnt[start])
    print("".join(out))


main()
