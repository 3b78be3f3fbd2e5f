import sys


def walk(start):
    path_length, peak, current = 0, start, start
    while current != 1:
        current = current // 2 if current % 2 == 0 else current * 3 + 1
        path_length += 1
        if current > peak:
            peak = current
    return path_length, peak


def solve(text):
    answer = None
    longest = -1
    lines = []
    for word in text.split():
        start = int(word)
        length, peak = walk(start)
        lines.append(f"{start} {length} {peak}")
        if length > longest:
            answer, longest = start, length
    lines.append(f"longest: {answer}")
    return "\n".join(lines)


print(solve(sys.stdin.readline()))
