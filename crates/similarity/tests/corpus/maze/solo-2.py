import sys


def read():
    lines = sys.stdin.read().split("\n")
    n, m = map(int, lines[0].split())
    return n, m, [list(row) for row in lines[1:1 + n]]


n, m, cells = read()
MOD = 1000000007
where = {}
for r, row in enumerate(cells):
    for c, ch in enumerate(row):
        if ch in "SE":
            where[ch] = (r, c)

layer = {where["S"]: 1}
seen = {where["S"]: 0}
step = 0
found = where["E"] in seen
while layer and not found:
    step += 1
    nxt = {}
    for (r, c), ways in layer.items():
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nr < 0 or nr >= n or nc < 0 or nc >= m:
                continue
            if cells[nr][nc] == "#" or (nr, nc) in seen:
                continue
            nxt[(nr, nc)] = (nxt.get((nr, nc), 0) + ways) % MOD
    for cell in nxt:
        seen[cell] = step
    layer = nxt
    found = where["E"] in seen

if not found:
    print(-1)
else:
    total = layer[where["E"]] if step else 1
    path = []
    r, c = where["E"]
    for k in range(step - 1, -1, -1):
        for letter, (pr, pc) in (("D", (r - 1, c)), ("U", (r + 1, c)), ("R", (r, c - 1)), ("L", (r, c + 1))):
            if seen.get((pr, pc)) == k:
                path.append(letter)
                r, c = pr, pc
                break
    print(step)
    print(total)
    print("".join(reversed(path)))
