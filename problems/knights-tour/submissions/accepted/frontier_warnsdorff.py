# knights-tour, accepted: the reference's methods (src/solve.rs) in Python 3.
#  - smaller side at most 3 (blocked squares allowed): the exact frontier DP over the
#    squares in column-major order, keeping the last 2h+1 squares (src/frontier.rs); the
#    successors of a state are remembered per (state, kind of square), since the same
#    states come back column after column;
#  - smaller side 4 (no blocked squares, at most 4 x 8): the outer rows hold half the
#    squares and no two are a move apart, so a tour starts on an outer row; from there the
#    complete search with pruning (src/search.rs) finds it at once (at most 17 000 squares
#    entered on these boards); 4 x 4 has none;
#  - both sides at least 5 (no blocked squares): the colour rule, then, on the board turned
#    so that n <= m and S is in the top-left quarter, Warnsdorff's rule with Roth's
#    tie-break, and when it gets stuck Posa's rotations of a Warnsdorff tour from a nearby
#    square, with the reference's random numbers (SplitMix64, same seed), so the
#    reference's sweep over every open board (tests/sweep.rs) holds for this program too.
import sys

MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))
BACKWARD = ((-1, -2), (1, -2), (-2, -1), (2, -1))
MASK64 = (1 << 64) - 1
EMPTY, FULL, END_S, END_T, FIRST_PAIR, FRESH = 0, 1, 2, 3, 4, 15
T_USED = 1 << 30
DONE = 1 << 31


class Rng:
    """SplitMix64, as checker_kit::Rng."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound):
        zone = MASK64 - MASK64 % bound
        while True:
            value = self.next()
            if value < zone:
                return value % bound


# ---------------------------------------------------------------- frontier DP (h <= 3)

def relabel(state, window, old, new):
    for slot in range(window):
        if (state >> (4 * slot)) & 15 == old:
            state = (state & ~(15 << (4 * slot))) | (new << (4 * slot))
    return state


def normalize(state, window):
    rename = {}
    out = state
    for slot in range(window):
        value = (state >> (4 * slot)) & 15
        if value >= FIRST_PAIR:
            if value not in rename:
                rename[value] = FIRST_PAIR + len(rename)
            out = (out & ~(15 << (4 * slot))) | (rename[value] << (4 * slot))
    return out


def shift(state, window, new_label, start_leaves, finished):
    leaving = state & 15
    if leaving == EMPTY:
        return None
    if leaving != FULL:
        if start_leaves:
            anchor = END_S
        else:
            if state & T_USED:
                return None
            state |= T_USED
            anchor = END_T
        if leaving == anchor:
            return None
        if leaving == END_S or leaving == END_T:
            finished = True
        else:
            state = relabel(state, window, leaving, anchor)
            if new_label == leaving:
                new_label = anchor
    flags = state & (T_USED | DONE)
    nxt = ((state & ((1 << (4 * window)) - 1)) >> 4) | (new_label << (4 * (window - 1)))
    if finished:
        for slot in range(window):
            if (nxt >> (4 * slot)) & 15 != FULL:
                return None
        nxt |= DONE
    return nxt | flags


def successors(state, window, kind):
    free, is_start, start_slot, start_leaves, neighbours = kind
    if not free:
        nxt = shift(state, window, FULL, start_leaves, False)
        return [] if nxt is None else [(nxt, 0)]
    if state & DONE:
        return []
    candidates = []
    for k, slot in neighbours:
        value = (state >> (4 * slot)) & 15
        if value == FULL or (value != EMPTY and start_slot == slot):
            continue
        candidates.append((k, slot))
    most = 1 if is_start else 2
    out = []
    for subset in range(1 << len(candidates)):
        if bin(subset).count("1") > most:
            continue
        nxt, own, finished, mask, cycle = state, EMPTY, False, 0, False
        for j, (k, slot) in enumerate(candidates):
            if not (subset >> j) & 1:
                continue
            mask |= 1 << k
            other = (nxt >> (4 * slot)) & 15
            if own == EMPTY:
                if other == EMPTY:
                    own = FRESH
                    nxt = (nxt & ~(15 << (4 * slot))) | (FRESH << (4 * slot))
                else:
                    own = other
                    nxt = (nxt & ~(15 << (4 * slot))) | (FULL << (4 * slot))
                continue
            if other == EMPTY:
                nxt = (nxt & ~(15 << (4 * slot))) | (own << (4 * slot))
            elif other == own:
                cycle = True
                break
            else:
                nxt = (nxt & ~(15 << (4 * slot))) | (FULL << (4 * slot))
                if other >= FIRST_PAIR:
                    nxt = relabel(nxt, window, other, own)
                elif own >= FIRST_PAIR:
                    nxt = relabel(nxt, window, own, other)
                else:
                    finished = True
            own = FULL
        if cycle:
            continue
        after = shift(nxt, window, own, start_leaves, finished)
        if after is not None:
            out.append((normalize(after, window), mask))
    return out


def frontier(rows, cols, free, start):
    transposed = rows > cols
    if transposed:
        free = [[free[r][c] for r in range(rows)] for c in range(cols)]
        rows, cols = cols, rows
        start = (start[1], start[0])
    h, length = rows, cols
    window = 2 * h + 1
    squares = h * length
    colfree = [free[i % h][i // h] for i in range(squares)]
    s = start[1] * h + start[0]
    state = 0
    for slot in range(window):
        state |= FULL << (4 * slot)
    states = [state]
    layers = []
    memo = {}
    kinds = {}
    for i in range(squares + window):
        r, c = i % h, i // h
        neighbours = []
        for k, (dr, dc) in enumerate(BACKWARD):
            if 0 <= r + dr < h and c + dc >= 0:
                neighbours.append((k, window + dc * h + dr))
        kind = (
            i < squares and colfree[i],
            i == s,
            s + window - i if s < i <= s + window else None,
            i >= window and i - window == s,
            tuple(neighbours),
        )
        kind_id = kinds.setdefault(kind, len(kinds))
        seen = {}
        next_states, parents, masks = [], [], []
        for parent, state in enumerate(states):
            key = (state << 8) | kind_id
            succ = memo.get(key)
            if succ is None:
                succ = successors(state, window, kind)
                memo[key] = succ
            for nxt, mask in succ:
                if nxt not in seen:
                    seen[nxt] = len(next_states)
                    next_states.append(nxt)
                    parents.append(parent)
                    masks.append(mask)
        layers.append((parents, masks))
        states = next_states
        if not states:
            return None
    at = next((j for j, st in enumerate(states) if st & DONE), None)
    if at is None:
        return None
    adjacent = [[] for _ in range(squares)]
    for i in range(squares + window - 1, -1, -1):
        parents, masks = layers[i]
        mask = masks[at]
        at = parents[at]
        r, c = i % h, i // h
        for k, (dr, dc) in enumerate(BACKWARD):
            if (mask >> k) & 1:
                other = (c + dc) * h + r + dr
                adjacent[i].append(other)
                adjacent[other].append(i)

    def original(index):
        r, c = index % h, index // h
        return (c, r) if transposed else (r, c)

    tour = [original(s)]
    previous, current = -1, s
    while True:
        nxt = [x for x in adjacent[current] if x != previous]
        if not nxt:
            break
        previous, current = current, nxt[0]
        tour.append(original(current))
    return tour


# ---------------------------------------------------------------- graph methods

class Graph:
    def __init__(self, rows, cols, free):
        self.rows, self.cols = rows, cols
        self.free = [free[i // cols][i % cols] for i in range(rows * cols)]
        self.free_count = sum(self.free)
        self.moves = []
        self.outward = []
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            dr, dc = 2 * r - (rows - 1), 2 * c - (cols - 1)
            self.outward.append(dr * dr + dc * dc)
            here = []
            if self.free[i]:
                for mr, mc in MOVES:
                    a, b = r + mr, c + mc
                    if 0 <= a < rows and 0 <= b < cols and free[a][b]:
                        here.append(a * cols + b)
            self.moves.append(here)


def warnsdorff(g, start):
    left = [len(x) for x in g.moves]
    moves, outward = g.moves, g.outward
    visited = [False] * len(left)
    tour = [start]
    current = start
    total = g.free_count
    while True:
        visited[current] = True
        here = moves[current]
        for nxt in here:
            left[nxt] -= 1
        if len(tour) == total:
            return tour
        best = None
        for nxt in here:
            if not visited[nxt]:
                key = (left[nxt], -outward[nxt], nxt)
                if best is None or key < best:
                    best = key
        if best is None:
            return None
        current = best[2]
        tour.append(current)


def rotations(g, start, budget):
    cols = g.cols
    sr, sc = divmod(start, cols)
    white = (sr + sc) % 2 == 0
    others = [i for i in range(len(g.free))
              if g.free[i] and i != start and ((i // cols + i % cols) % 2 == 0) == white]
    others.sort(key=lambda i: ((i // cols - sr) ** 2 + (i % cols - sc) ** 2, i))
    path = None
    for other in others:
        path = warnsdorff(g, other)
        if path is not None:
            break
    if path is None:
        return None
    position = [0] * len(g.free)
    for at, index in enumerate(path):
        position[index] = at
    last = len(path) - 1
    rng = Rng(0x6B6E_6967_6874)
    done = 0
    while path[0] != start and path[last] != start:
        if done == budget:
            return None
        done += 1
        at_tail = rng.below(2) == 0
        end = path[last] if at_tail else path[0]
        pivots = []
        for nxt in g.moves[end]:
            at = position[nxt]
            if at_tail:
                new_end = at + 1 if at + 1 < last else -1
            else:
                new_end = at - 1 if at > 1 else -1
            if new_end >= 0:
                v = path[new_end]
                pivots.append((abs(v // cols - sr) + abs(v % cols - sc), at))
        if not pivots:
            continue
        if rng.below(3) != 0:
            nearest = min(p[0] for p in pivots)
            ties = [p[1] for p in pivots if p[0] == nearest]
            at = ties[rng.below(len(ties))]
        else:
            at = pivots[rng.below(len(pivots))][1]
        if at_tail:
            lo, hi = at + 1, last + 1
        else:
            lo, hi = 0, at
        path[lo:hi] = path[lo:hi][::-1]
        for index in range(lo, hi):
            position[path[index]] = index
    if path[0] != start:
        path.reverse()
    return path


def search(g, start):
    """Complete depth-first search, Warnsdorff's order, with the stranding checks."""
    sys.setrecursionlimit(10000 + 4 * len(g.free))
    left = [len(x) for x in g.moves]
    visited = [False] * len(left)
    by_degree = [0] * 9
    for i in range(len(left)):
        if g.free[i]:
            by_degree[left[i]] += 1
    path = []
    moves, outward, total = g.moves, g.outward, g.free_count

    def enter(square):
        visited[square] = True
        by_degree[left[square]] -= 1
        path.append(square)
        for nxt in moves[square]:
            if not visited[nxt]:
                by_degree[left[nxt]] -= 1
                by_degree[left[nxt] - 1] += 1
            left[nxt] -= 1
        remaining = total - len(path)
        if remaining == 0:
            return True
        choices = []
        stranded = single = 0
        for nxt in moves[square]:
            if not visited[nxt]:
                if left[nxt] == 0:
                    stranded += 1
                elif left[nxt] == 1:
                    single += 1
                choices.append((left[nxt], -outward[nxt], nxt))
        dead = (by_degree[0] > stranded or (stranded > 0 and remaining > 1)
                or by_degree[1] - single >= 2)
        if not dead:
            choices.sort()
            for _, _, nxt in choices:
                if enter(nxt):
                    return True
        for nxt in moves[square]:
            left[nxt] += 1
            if not visited[nxt]:
                by_degree[left[nxt] - 1] -= 1
                by_degree[left[nxt]] += 1
        path.pop()
        visited[square] = False
        by_degree[left[square]] += 1
        return False

    return list(path) if enter(start) else None


def colours_allow(rows, cols, free, start):
    white = sum(1 for r in range(rows) for c in range(cols) if free[r][c] and (r + c) % 2 == 0)
    black = sum(1 for r in range(rows) for c in range(cols) if free[r][c]) - white
    start_white = (start[0] + start[1]) % 2 == 0
    if white == black:
        return True
    if white == black + 1:
        return start_white
    if black == white + 1:
        return not start_white
    return False


def solve(rows, cols, free, start):
    free_count = sum(sum(row) for row in free)
    if free_count == 1:
        return [start]
    short = min(rows, cols)
    if short <= 3:
        return frontier(rows, cols, free, start)
    if not colours_allow(rows, cols, free, start):
        return None
    # Turn: n <= m, S in the top-left quarter.
    transposed = rows > cols
    if transposed:
        free = [[free[r][c] for r in range(rows)] for c in range(cols)]
        rows, cols = cols, rows
        start = (start[1], start[0])
    flip_rows = start[0] > (rows - 1) // 2
    flip_cols = start[1] > (cols - 1) // 2
    if flip_rows:
        free = free[::-1]
        start = (rows - 1 - start[0], start[1])
    if flip_cols:
        free = [row[::-1] for row in free]
        start = (start[0], cols - 1 - start[1])
    g = Graph(rows, cols, free)
    s = start[0] * cols + start[1]
    if short == 4:
        # Rows 0 and 3 are the outer rows now; 4 x 4 has no tour.
        tour = search(g, s) if start[0] in (0, 3) and cols != 4 else None
    else:
        tour = warnsdorff(g, s)
        if tour is None and g.free_count == rows * cols:
            tour = rotations(g, s, 1000000)
        if tour is None:
            tour = search(g, s)
    if tour is None:
        return None
    out = []
    for index in tour:
        r, c = divmod(index, cols)
        if flip_rows:
            r = rows - 1 - r
        if flip_cols:
            c = cols - 1 - c
        out.append((c, r) if transposed else (r, c))
    return out


def main():
    data = sys.stdin.read().split()
    rows, cols = int(data[0]), int(data[1])
    grid = data[2:2 + rows]
    free = [[ch != "#" for ch in line] for line in grid]
    start = next((r, line.index("S")) for r, line in enumerate(grid) if "S" in line)
    tour = solve(rows, cols, free, start)
    if tour is None:
        sys.stdout.write("-1\n")
    else:
        sys.stdout.write("".join("%d %d\n" % square for square in tour))


main()
