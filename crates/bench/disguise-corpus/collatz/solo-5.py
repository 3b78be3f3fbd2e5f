def count_steps(x):
    """Steps until x reaches 1, and the largest value met."""
    n = 0
    top = x
    while x > 1:
        if x & 1:
            x = 3 * x + 1
        else:
            x //= 2
        n += 1
        top = max(top, x)
    return n, top


values = list(map(int, input().split()))
stats = [count_steps(v) for v in values]
for v, (n, top) in zip(values, stats):
    print(v, n, top)
best_index = 0
for i in range(1, len(values)):
    if stats[i][0] > stats[best_index][0]:
        best_index = i
print("longest:", values[best_index])
