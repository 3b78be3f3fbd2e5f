# knights-tour, wrong answer: the colour rule of the whole rectangle. Every move changes the
# colour of the square, so on a board with an odd number of squares a tour must start on
# the corners' colour (the majority) -- true without blocked squares, but this program
# applies it to n x m itself, not to the free squares. When blocked squares make the other
# colour the majority (the generator's fixed board `colours-turned`: two corner-coloured
# squares blocked on 3 x 7, S on the other colour) it prints -1 although a tour exists.
# Otherwise it searches completely (Warnsdorff's order first, dead ends pruned), so it is
# right wherever the rectangle's colours and the free squares' agree (and slow on big
# boards, after its first wrong answer). Wrong answer on secret/15-colours-turned.
import sys

MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    start = next((r, c) for r in range(n) for c in range(m) if grid[r][c] == "S")
    if n * m % 2 == 1 and sum(start) % 2 == 1:
        sys.stdout.write("-1\n")
        return
    free = {(r, c) for r in range(n) for c in range(m) if grid[r][c] != "#"}
    moves = {sq: [(sq[0] + dr, sq[1] + dc) for dr, dc in MOVES if (sq[0] + dr, sq[1] + dc) in free]
             for sq in free}
    left = {sq: len(moves[sq]) for sq in free}
    seen = set()
    path = []
    sys.setrecursionlimit(20000)

    def enter(square):
        seen.add(square)
        path.append(square)
        for nxt in moves[square]:
            left[nxt] -= 1
        if len(path) == len(free):
            return True
        onward = [nxt for nxt in moves[square] if nxt not in seen]
        stranded = [nxt for nxt in onward if left[nxt] == 0]
        if len(stranded) <= 1 and not (stranded and len(path) + 1 < len(free)):
            for nxt in sorted(onward, key=lambda sq: left[sq]):
                if enter(nxt):
                    return True
        for nxt in moves[square]:
            left[nxt] += 1
        seen.remove(square)
        path.pop()
        return False

    if enter(start):
        sys.stdout.write("".join("%d %d\n" % sq for sq in path))
    else:
        sys.stdout.write("-1\n")


main()
