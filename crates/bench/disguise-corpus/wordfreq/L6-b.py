import sys
# counts words, prints the top three

table = {}
amount = 0


def add(tok):
    global amount
    if tok not in table:
        table[tok] = 0
    table[tok] = table[tok] + 1
    amount = amount + 1


def report():
    best = sorted(table.items(), key=lambda e: (-e[1], e[0]))
    print("words: %d distinct: %d" % (amount, len(table)))
    shown = 0
    for e in best:
        if shown == 3:
            break
        print(e[0], e[1])
        shown += 1


def main():
    pieces = sys.stdin.read().split()
    k = len(pieces) - 1
    while k >= 0:
        tok = pieces[k].strip(".,;:!?\"'()").lower()
        k -= 1
        if len(tok) == 0:
            continue
        add(tok)
    report()


main()
