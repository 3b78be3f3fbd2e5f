# Breadth-first search over canonical states: a state is a 20-character string naming the
# part of a shape each cell holds ('.' empty, 'S' a 1x1, 'L'/'R' the halves of a 1x2,
# 'T'/'U' those of a 2x1, 'B' 'C' 'D' 'E' the quarters of the 2x2), so pieces of one shape
# are interchangeable and at most 175 580 states are stored (about 1 s of CPU). Only a
# piece next to an empty cell can move, so moves are looked for from the two empty cells.
# The moves are replayed on the lettered board to name the pieces.
import sys

SQUARE = ((0, 'B'), (1, 'C'), (4, 'D'), (5, 'E'))
# part letter -> (offset of the part from the piece's top-left cell, the piece's parts)
PIECE = {
    'S': (0, ((0, 'S'),)),
    'L': (0, ((0, 'L'), (1, 'R'))), 'R': (1, ((0, 'L'), (1, 'R'))),
    'T': (0, ((0, 'T'), (4, 'U'))), 'U': (4, ((0, 'T'), (4, 'U'))),
    'B': (0, SQUARE), 'C': (1, SQUARE), 'D': (4, SQUARE), 'E': (5, SQUARE),
}
WIDTH = {'S': 1, 'L': 2, 'R': 2, 'T': 1, 'U': 1, 'B': 2, 'C': 2, 'D': 2, 'E': 2}


def neighbours_of(e):
    """(cell next to the empty cell e, how far the piece there moves, its direction)."""
    r, c = divmod(e, 4)
    out = []
    if r > 0:
        out.append((e - 4, 4, 'D'))
    if r < 4:
        out.append((e + 4, -4, 'U'))
    if c > 0:
        out.append((e - 1, 1, 'R'))
    if c < 3:
        out.append((e + 1, -1, 'L'))
    return out


NEIGHBOURS = [neighbours_of(e) for e in range(20)]


def main():
    g = list(''.join(sys.stdin.read().split()))
    cells = {}
    for i, ch in enumerate(g):
        if ch != '.':
            cells.setdefault(ch, []).append(i)
    code = ['.'] * 20
    for cs in cells.values():
        a = cs[0]
        if len(cs) == 1:
            code[a] = 'S'
        elif len(cs) == 4:
            for o, part in SQUARE:
                code[a + o] = part
        elif cs[1] == a + 1:
            code[a], code[a + 1] = 'L', 'R'
        else:
            code[a], code[a + 4] = 'T', 'U'
    start = ''.join(code)
    parent = {start: None}
    goal = start if start[13] == 'B' else None
    frontier = [start]
    while frontier and goal is None:
        following = []
        for s in frontier:
            e1 = s.find('.')
            e2 = s.find('.', e1 + 1)
            for e in (e1, e2):
                for n, delta, d in NEIGHBOURS[e]:
                    k = s[n]
                    if k == '.':
                        continue
                    off, parts = PIECE[k]
                    a = n - off
                    if delta == 1 or delta == -1:
                        column = a % 4 + delta
                        if column < 0 or column + WIDTH[k] > 4:
                            continue
                    own = [a + o for o, _ in parts]
                    if any(s[t + delta] != '.' and t + delta not in own for t in own):
                        continue
                    l = list(s)
                    for t in own:
                        l[t] = '.'
                    for o, part in parts:
                        l[a + o + delta] = part
                    t = ''.join(l)
                    if t not in parent:
                        parent[t] = (s, a, d)
                        if t[13] == 'B':
                            goal = t
                            break
                        following.append(t)
                if goal is not None:
                    break
            if goal is not None:
                break
        frontier = following
    if goal is None:
        print(-1)
        return
    steps = []
    t = goal
    while parent[t] is not None:
        s, a, d = parent[t]
        steps.append((a, d))
        t = s
    steps.reverse()
    shift = {'U': -4, 'D': 4, 'L': -1, 'R': 1}
    words = []
    for a, d in steps:
        letter = g[a]
        own = [i for i in range(20) if g[i] == letter]
        for i in own:
            g[i] = '.'
        for i in own:
            g[i + shift[d]] = letter
        words.append(letter + d)
    print(len(words))
    print(' '.join(words))


main()
