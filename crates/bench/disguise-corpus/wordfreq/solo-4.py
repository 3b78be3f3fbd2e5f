import sys
from collections import defaultdict

PUNCT = "!?.,;:()\"'"

table = defaultdict(int)
number = 0
for row in sys.stdin:
    row = row.lower()
    for p in PUNCT:
        row = row.replace(p, " ")
    for word in row.split():
        table[word] += 1
        number += 1

print("words:", number, "distinct:", len(table))
top = []
for word in table:
    top.append((table[word], word))
top.sort(key=lambda t: (-t[0], t[1]))
for k in range(min(3, len(top))):
    print(top[k][1], top[k][0])
