import sys
# counts words, prints the top three

table = {}
amount = 0


def add(tok):
    global amount
    table[tok] = table[tok] + 1 if tok in table else 1
    amount = amount + 1


def report():
    best = sorted(table.items(), key=lambda e: (-e[1], e[0]))
    print("words: %d distinct: %d" % (amount, len(table)))
    for e in best[:3]:
        print(e[0], e[1])


def main():
    for s in sys.stdin.readlines():
        pieces = s.split()
        for k in range(len(pieces)):
            tok = pieces[k].strip(".,;:!?\"'()").lower()
            if len(tok) > 0:
                add(tok)
    report()


main()
