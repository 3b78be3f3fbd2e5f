def chain(n):
    seq = [n]
    while seq[-1] != 1:
        last = seq[-1]
        if last % 2:
            seq.append(3 * last + 1)
        else:
            seq.append(last // 2)
    return seq


nums = input().split()
results = []
for s in nums:
    c = chain(int(s))
    results.append((len(c) - 1, int(s)))
    print(s, len(c) - 1, max(c))
winner = max(results, key=lambda r: r[0])
first = [r for r in results if r[0] == winner[0]][0]
print("longest:", first[1])
