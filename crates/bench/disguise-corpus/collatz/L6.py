# Collatz sequences -- homework 2


def step(value):
    # halve when even, else 3n+1
    return value // 2 if value % 2 == 0 else 3 * value + 1


def main():
    best_value = None
    best = -1
    values = list(map(int, input().split()))

    i = 0
    while i < len(values):
        v = values[i]
        peak = v
        count = 0
        value = v
        while True:
            if value == 1:
                break
            value = step(value)
            count = count + 1
            peak = max(peak, value)
        print(v, count, peak)  # one line per number
        if not count <= best:
            best, best_value = count, v
        i += 1

    print("longest:", best_value)


if __name__ == "__main__":
    main()
