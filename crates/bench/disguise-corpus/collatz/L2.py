# Collatz sequences -- homework 2


def sequence(value):
    count = 0
    peak = value
    while value != 1:
        # halve when even, else 3n+1
        if value % 2 == 0: value = value // 2
        else: value = 3 * value + 1
        count += 1
        if value > peak: peak = value
    return count, peak


def main():
    values = [int(v) for v in input().split()]

    best = 0
    best_value = values[0]

    for v in values:
        count, peak = sequence(v)
        print(v, count, peak)  # one line per number
        if count > best:
            best = count
            best_value = v

    print("longest:", best_value)


main()
