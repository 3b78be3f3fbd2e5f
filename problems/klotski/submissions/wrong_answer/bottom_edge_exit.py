# Wrong answer: the canonical breadth-first search with the wrong exit. It stops as soon
# as the 2x2 block reaches the bottom two rows, in any column ("Cao Cao reaches the bottom
# edge"), but the exit is the gap in the middle, columns 1-2. On a board where the block
# can reach columns 0-1 or 2-3 of the bottom rows sooner, it prints too few moves, and a
# route that leaves the block beside the exit. First wrong on sample 2, where the block
# stands in the bottom rows at columns 2-3 and cannot move (it prints 0 for -1), then on
# secret/04-bottom-edge-trap (1 move down instead of 8).
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
    goal = start if start.find('B') >= 12 else None  # the block's top row is row 3
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
                        if t.find('B') >= 12:
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
