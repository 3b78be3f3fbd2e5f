import sys

# Counts the words of the input (case ignored, punctuation stripped) and prints the
# three most frequent ones, ties in alphabetical order.


def words_of(line):
    words = []
    for raw in line.split():
        word = raw.strip(".,;:!?\"'()").lower()
        if word != "":
            words.append(word)
    return words


def main():
    counts = {}
    total = 0
    for line in sys.stdin:
        for word in words_of(line):
            if word in counts:
                counts[word] += 1
            else:
                counts[word] = 1
            total += 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    print("words:", total, "distinct:", len(counts))
    for word, count in ranked[:3]:
        print(word, count)


main()
