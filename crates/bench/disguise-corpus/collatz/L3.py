# Collatz sequences -- homework 2


def main():
    best_value = None
    best = 0
    values = [int(v) for v in input().split()]
    best_value = values[0]

    for v in values:
        count, peak = sequence(v)
        print(v, count, peak)  # one line per number
        if count > best:
            best = count
            best_value = v

    print("longest:", best_value)


def sequence(value):
    peak = value
    count = 0
    while value != 1:
        # halve when even, else 3n+1
        if value % 2 == 0: value = value // 2
        else: value = 3 * value + 1
        count += 1
        if value > peak: peak = value
    return count, peak


if __name__ == "__main__":
    main()
