# For each number on the input: how many Collatz steps to reach 1, and the highest value.


def collatz(n):
    steps = 0
    highest = n
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
        if n > highest:
            highest = n
    return steps, highest


def main():
    numbers = [int(x) for x in input().split()]
    longest = 0
    longest_start = numbers[0]
    for start in numbers:
        steps, highest = collatz(start)
        print(start, steps, highest)
        if steps > longest:
            longest = steps
            longest_start = start
    print("longest:", longest_start)


main()
