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
            if w in freq: freq[w] += 1
            else: freq[w] = 1
            n += 1
    return freq, n


def main():
    freq, n = count_words(sys.stdin)
    # most frequent first, then alphabetical
    order = sorted(freq.items(),
                   key=lambda kv: (-kv[1], kv[0]))
    print("words:", n, "distinct:", len(freq))
    for w, c in order[:TOP]:
        print(w, c)


main()
