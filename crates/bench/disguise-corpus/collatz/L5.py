# Collatz sequences -- homework 2


def step(value):
    # halve when even, else 3n+1
    return value // 2 if value % 2 == 0 else 3 * value + 1


def main():
    best_value = None
    best = 0
    values = list(map(int, input().split()))
    best_value = values[0]

    for i in range(len(values)):
        v = values[i]
        peak = v
        count = 0
        value = v
        while value != 1:
            value = step(value)
            count = count + 1
            peak = max(peak, value)
        print(v, count, peak)  # one line per number
        if count > best:
            best = count
            best_value = v

    print("longest:", best_value)


if __name__ == "__main__":
    main()
