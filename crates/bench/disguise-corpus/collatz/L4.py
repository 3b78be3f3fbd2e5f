# Collatz sequences -- homework 2


def step(value):
    # halve when even, else 3n+1
    if value % 2 == 0: value = value // 2
    else: value = 3 * value + 1
    return value


def main():
    best_value = None
    best = 0
    values = [int(v) for v in input().split()]
    best_value = values[0]

    for v in values:
        peak = v
        count = 0
        value = v
        while value != 1:
            value = step(value)
            count += 1
            if value > peak: peak = value
        print(v, count, peak)  # one line per number
        if count > best:
            best = count
            best_value = v

    print("longest:", best_value)


if __name__ == "__main__":
    main()
