# pixel-placement, accepted (Python 3): the reference's method (src/solver.rs), with the
# board as bit masks (Python ints) so that propagation is a few integer operations.
#
# Row-major DFS over cells, complete; cut short only soundly: clue propagation (a full
# clue makes its other cells white, a clue needing all its unknown cells makes them black,
# two overlapping clues bound the black count of their shared cells and may force either
# side), a memo of failed cuts keyed on what each clue straddling the cut still needs, and
# a portfolio over the 8 symmetric images of the board, each run white-first and
# black-first with a node budget that doubles each round.
import sys

FOUND, OUT_OF_BUDGET, FAILED = 0, 1, 2


class Search:
    def __init__(self, n, m, clues):
        cells = n * m
        self.cells = cells
        self.all = (1 << cells) - 1
        places = sorted(clues)
        self.target = [clues[p] for p in places]
        self.mask = []
        self.cell_clues = [[] for _ in range(cells)]
        first, last = [], []
        for i, (r, c) in enumerate(places):
            block = [a * m + b for a in range(max(0, r - 1), min(n, r + 2))
                     for b in range(max(0, c - 1), min(m, c + 2))]
            mask = 0
            for cell in block:
                mask |= 1 << cell
                self.cell_clues[cell].append(i)
            self.mask.append(mask)
            first.append(block[0])
            last.append(block[-1])
        count = len(places)
        self.overlaps = []
        for a in range(count):
            pairs = []
            for b in range(count):
                shared = self.mask[a] & self.mask[b]
                if a != b and shared:
                    pairs.append((b, shared, self.mask[a] & ~shared, self.mask[b] & ~shared))
            self.overlaps.append(pairs)
        self.straddling = [[i for i in range(count) if first[i] < k <= last[i]]
                           for k in range(cells + 1)]
        self.prefix = [(1 << k) - 1 for k in range(cells + 1)]
        self.failed = set()
        self.black = 0
        self.white = 0
        self.queued = [True] * count
        self.queue = list(range(count))
        self.consistent = self.propagate()

    def mark(self, changed):
        cell_clues, queued, queue = self.cell_clues, self.queued, self.queue
        while changed:
            low = changed & -changed
            changed ^= low
            for i in cell_clues[low.bit_length() - 1]:
                if not queued[i]:
                    queued[i] = True
                    queue.append(i)

    def propagate(self):
        queue, queued = self.queue, self.queued
        target, masks, overlaps, every = self.target, self.mask, self.overlaps, self.all
        while queue:
            a = queue.pop()
            queued[a] = False
            black, white = self.black, self.white
            unknown = every & ~(black | white)
            x, mask = target[a], masks[a]
            b = (black & mask).bit_count()
            u = (unknown & mask).bit_count()
            if b > x or b + u < x:
                break
            if u == 0:
                continue
            if b == x or b + u == x:
                forced = unknown & mask
                if b == x:
                    self.white = white | forced
                else:
                    self.black = black | forced
                self.mark(forced)
                continue
            left = x - b
            broken = False
            for (o, shared, mine, theirs) in overlaps[a]:
                us = (unknown & shared).bit_count()
                if not us:
                    continue
                um = (unknown & mine).bit_count()
                ut = (unknown & theirs).bit_count()
                other_left = target[o] - (black & masks[o]).bit_count()
                low = left - um
                if other_left - ut > low:
                    low = other_left - ut
                if low < 0:
                    low = 0
                high = us
                if left < high:
                    high = left
                if other_left < high:
                    high = other_left
                if low > high:
                    broken = True
                    break
                to_white = to_black = 0
                if um:
                    if left == low:
                        to_white = unknown & mine
                    elif left - high == um:
                        to_black = unknown & mine
                if ut:
                    if other_left == low:
                        to_white |= unknown & theirs
                    elif other_left - high == ut:
                        to_black |= unknown & theirs
                if high == 0:
                    to_white |= unknown & shared
                elif low == us:
                    to_black |= unknown & shared
                if to_white | to_black:
                    white |= to_white
                    black |= to_black
                    self.white, self.black = white, black
                    unknown = every & ~(black | white)
                    left = x - (black & mask).bit_count()
                    self.mark(to_white | to_black)
            if broken:
                break
        else:
            return True
        for i in queue:
            queued[i] = False
        queue.clear()
        return False

    def run(self, budget, first):
        self.nodes = 0
        self.budget = budget
        self.first = first
        if not self.consistent:
            return FAILED
        return self.dfs(0)

    def dfs(self, k):
        self.nodes += 1
        if self.nodes > self.budget:
            return OUT_OF_BUDGET
        if k == self.cells:
            return FOUND
        black, white = self.black, self.white
        decided = black & self.prefix[k]
        target, masks = self.target, self.mask
        key = 0
        for i in self.straddling[k]:
            key = key << 4 | (target[i] - (decided & masks[i]).bit_count())
        key = key << 7 | k
        if key in self.failed:
            return FAILED
        bit = 1 << k
        for colour in (self.first, 1 - self.first):
            if (black | white) & bit:
                if bool(black & bit) != bool(colour):
                    continue
                step = self.dfs(k + 1)
            else:
                if colour:
                    self.black = black | bit
                else:
                    self.white = white | bit
                self.mark(bit)
                if not self.propagate():
                    self.black, self.white = black, white
                    continue
                step = self.dfs(k + 1)
            if step == FOUND:
                return FOUND
            self.black, self.white = black, white
            if step == OUT_OF_BUDGET:
                return OUT_OF_BUDGET
        self.failed.add(key)
        return FAILED


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    rows = data[2:2 + n]
    sys.setrecursionlimit(10000)

    def image(s, r, c):
        # Symmetry s: flip rows (bit 0), flip columns (bit 1), then transpose (bit 2).
        if s & 1:
            r = n - 1 - r
        if s & 2:
            c = m - 1 - c
        return (c, r) if s & 4 else (r, c)

    searches = []
    for s in range(8):
        clues = {image(s, r, c): int(rows[r][c])
                 for r in range(n) for c in range(m) if rows[r][c] != '_'}
        searches.append(Search(m, n, clues) if s & 4 else Search(n, m, clues))
    budget = 256
    while True:
        for s, search in enumerate(searches):
            cols = n if s & 4 else m
            for first in (0, 1):
                step = search.run(budget, first)
                if step == OUT_OF_BUDGET:
                    continue
                if step == FAILED:
                    sys.exit(1)  # no colouring: the tests promise one
                out = []
                for r in range(n):
                    line = []
                    for c in range(m):
                        ir, ic = image(s, r, c)
                        line.append('1' if search.black >> (ir * cols + ic) & 1 else '0')
                    out.append(''.join(line))
                sys.stdout.write('\n'.join(out) + '\n')
                return
        budget *= 2


main()
