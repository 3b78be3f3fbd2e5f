import sys

data = sys.stdin.read().split()
best = None
for token in data:
    n = int(token)
    start = n
    top = n
    length = 0
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        top = max(top, n)
        length += 1
    print(start, length, top)
    if best is None or length > best[0]:
        best = (length, start)
print("longest:", best[1])
