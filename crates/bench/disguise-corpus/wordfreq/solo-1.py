import sys
from collections import Counter
import string

text = sys.stdin.read().lower()
tokens = [t.strip(string.punctuation) for t in text.split()]
tokens = [t for t in tokens if t]
c = Counter(tokens)
print("words:", len(tokens), "distinct:", len(c))
for word, n in sorted(c.items(), key=lambda p: (-p[1], p[0]))[:3]:
    print(word, n)
