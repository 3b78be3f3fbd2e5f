import sys
from collections import Counter


def main():
    lines = sys.stdin.read().splitlines()
    cleaned = []
    for line in lines:
        current = ""
        for ch in line.lower() + " ":
            if ch.isalnum() or ch == "'" and current:
                current += ch
            elif current:
                cleaned.append(current.strip("'"))
                current = ""
    cleaned = [w for w in cleaned if w]
    counts = Counter(cleaned)
    print("words:", len(cleaned), "distinct:", len(counts))
    ordered = sorted(counts, key=lambda w: (-counts[w], w))
    for w in ordered[:3]:
        print(w, counts[w])


main()
