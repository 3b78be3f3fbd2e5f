import sys


def solve(rows, cols, clues):
    digits = [(r, c, int(ch)) for r, line in enumerate(clues) for c, ch in enumerate(line) if ch != "_"]
    by_cell = {}
    for idx, (r, c, _) in enumerate(digits):
        for y in range(max(0, r - 1), min(rows, r + 2)):
            for x in range(max(0, c - 1), min(cols, c + 2)):
                by_cell.setdefault((y, x), []).append(idx)
    need = [d for _, _, d in digits]
    room = [0] * len(digits)
    for cells in by_cell.values():
        for idx in cells:
            room[idx] += 1
    grid = [[0] * cols for _ in range(rows)]
    order = [(y, x) for y in range(rows) for x in range(cols)]

    def place(i):
        if i == len(order):
            return all(n == 0 for n in need)
        y, x = order[i]
        watchers = by_cell.get((y, x), [])
        for colour in (0, 1):
            good = True
            for idx in watchers:
                room[idx] -= 1
                need[idx] -= colour
                if need[idx] < 0 or need[idx] > room[idx]:
                    good = False
            if good:
                grid[y][x] = colour
                if place(i + 1):
                    return True
            for idx in watchers:
                room[idx] += 1
                need[idx] += colour
        return False

    place(0)
    return grid


def main():
    head, *rest = sys.stdin.read().split()
    rows = int(head)
    cols = int(rest[0])
    grid = solve(rows, cols, rest[1:1 + rows])
    sys.stdout.write("\n".join("".join(map(str, line)) for line in grid) + "\n")


main()
