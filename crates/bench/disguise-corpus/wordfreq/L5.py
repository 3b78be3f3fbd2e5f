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
            if w == "":
                continue
            freq[w] = freq.get(w, 0) + 1
            n = n + 1
    return freq, n


def main():
    freq, n = count_words(sys.stdin)
    # most frequent first, then alphabetical
    order = sorted(freq.items(),
                   key=lambda kv: (-kv[1], kv[0]))
    print("words:", n, "distinct:", len(freq))
    i = 0
    while i < min(TOP, len(order)):
        print(order[i][0], order[i][1])
        i += 1


main()
