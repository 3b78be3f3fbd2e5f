import sys

def clean(word):
    letters = ""
    for ch in word:
        if ch.isalnum() or ch == "-":
            letters = letters + ch.lower()
    return letters

all_words = []
line = sys.stdin.readline()
while line:
    for part in line.split():
        c = clean(part)
        if len(c) > 0:
            all_words.append(c)
    line = sys.stdin.readline()

all_words.sort()
groups = []
i = 0
while i < len(all_words):
    j = i
    while j < len(all_words) and all_words[j] == all_words[i]:
        j += 1
    groups.append((j - i, all_words[i]))
    i = j
groups.sort(key=lambda g: -g[0])
print("words:", len(all_words), "distinct:", len(groups))
for n, w in groups[:3]:
    print(w, n)
