import sys

# Lab 6: word frequencies

PUNCTUATION = ".,;:!?\"'()"
TOP = 3


def count_words(stream):
    n = 0
    freq = {}
    for text in stream:
        for token in text.split():
            # strip punctuation around the word
            w = token.strip(PUNCTUATION).lower()
            if w != "":
                freq[w] = freq.get(w, 0) + 1
    for c in freq.values():
        n = n + c
    return freq, n


def main():
    freq, n = count_words(sys.stdin)
    # alphabetical first, then a stable sort by frequency
    order = sorted(freq.items())
    order.sort(key=lambda kv: kv[1], reverse=True)
    print("words:", n, "distinct:", len(freq))
    i = 0
    while True:
        if i >= TOP or i >= len(order):
            break
        print(order[i][0], order[i][1])
        i += 1


main()
