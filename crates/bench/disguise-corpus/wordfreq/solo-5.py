import sys

STRIP = ".,;:!?\"'()"


def normalise(token):
    return token.strip(STRIP).lower()


def top_words(counter, how_many):
    pairs = list(counter.items())
    pairs.sort(key=lambda p: p[0])
    pairs.sort(key=lambda p: p[1], reverse=True)
    return pairs[:how_many]


counter = {}
words_seen = 0
for line in sys.stdin:
    for token in map(normalise, line.split()):
        if not token:
            continue
        words_seen += 1
        counter[token] = counter.get(token, 0) + 1

print("words:", words_seen, "distinct:", len(counter))
for word, times in top_words(counter, 3):
    print(word, times)
