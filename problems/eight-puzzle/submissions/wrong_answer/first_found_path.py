# Wrong answer: a BFS from the START, neighbours tried in the order U, D, L, R, each state
# remembering the state it was first reached from; the printed sequence follows those
# links back from the goal. It is a shortest sequence, but not necessarily the smallest
# in the order D < L < R < U. Distance and count are right.
import sys
from collections import deque


def main():
    start, goal = sys.stdin.read().split()[:2]
    order = ((-3, "U"), (3, "D"), (-1, "L"), (1, "R"))
    dist = {start: 0}
    cnt = {start: 1}
    parent = {start: None}
    q = deque([start])
    while q:
        s = q.popleft()
        b = s.index("0")
        for off, letter in order:
            t = b + off
            if t < 0 or t > 8 or (off in (-1, 1) and t // 3 != b // 3):
                continue
            lst = list(s)
            lst[b], lst[t] = lst[t], lst[b]
            n = "".join(lst)
            if n not in dist:
                dist[n] = dist[s] + 1
                cnt[n] = cnt[s]
                parent[n] = (s, letter)
                q.append(n)
            elif dist[n] == dist[s] + 1:
                cnt[n] += cnt[s]
    if goal not in dist:
        print(-1)
        return
    seq = []
    s = goal
    while parent[s] is not None:
        s, letter = parent[s]
        seq.append(letter)
    print(dist[goal])
    print(cnt[goal])
    print("".join(reversed(seq)))


main()
