import re
import sys


def main():
    seen = dict()
    count = 0
    for line in sys.stdin.readlines():
        for w in re.findall(r"[a-z0-9']+", line.lower()):
            w = w.strip("'")
            if not w:
                continue
            seen[w] = seen.get(w, 0) + 1
            count += 1
    print("words:", count, "distinct:", len(seen))
    best = sorted(seen, key=lambda w: (-seen[w], w))
    for w in best[0:3]:
        print(w, seen[w])


if __name__ == "__main__":
    main()
