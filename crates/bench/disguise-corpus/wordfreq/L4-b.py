import sys
# counts words, prints the top three

table = {}
amount = 0


def add(tok):
    global amount
    if tok in table:
        table[tok] += 1
    else:
        table[tok] = 1
    amount += 1


def report():
    best = sorted(table.items(), key=lambda e: (-e[1], e[0]))
    print("words:", amount, "distinct:", len(table))
    for tok, times in best[:3]:
        print(tok, times)


def main():
    for s in sys.stdin:
        for piece in s.split():
            tok = piece.strip(".,;:!?\"'()").lower()
            if tok != "":
                add(tok)
    report()


main()
