import sys

# Lab 6: word frequencies


def split_words(text):
    result = []
    for token in text.split():
        # strip punctuation around the word
        w = token.strip(".,;:!?\"'()").lower()
        if w != "": result.append(w)
    return result


def main():
    freq = {}
    n = 0

    for text in sys.stdin:
        for w in split_words(text):
            if w in freq: freq[w] += 1
            else: freq[w] = 1
            n += 1

    # most frequent first, then alphabetical
    order = sorted(freq.items(),
                   key=lambda kv: (-kv[1], kv[0]))
    print("words:", n, "distinct:", len(freq))
    for w, c in order[:3]:
        print(w, c)


main()
