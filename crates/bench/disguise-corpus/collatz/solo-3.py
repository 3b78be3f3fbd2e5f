from functools import lru_cache


@lru_cache(maxsize=None)
def steps(n):
    if n == 1:
        return 0
    if n % 2 == 0:
        return 1 + steps(n // 2)
    return 1 + steps(3 * n + 1)


def peak(n):
    m = n
    while n != 1:
        n = 3 * n + 1 if n & 1 else n >> 1
        if n > m:
            m = n
    return m


line = input()
starts = [int(w) for w in line.split()]
for x in starts:
    print(x, steps(x), peak(x))
answer = starts[0]
for x in starts[1:]:
    if steps(x) > steps(answer):
        answer = x
print("longest:", answer)
