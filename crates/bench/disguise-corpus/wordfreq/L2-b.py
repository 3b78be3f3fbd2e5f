import sys
# counts words, prints the top three

def get_tokens(s):
    out = []
    for piece in s.split():
        tok = piece.strip(".,;:!?\"'()").lower()
        if tok != "":
            out.append(tok)
    return out

def main():
    table = {}
    amount = 0
    for s in sys.stdin:
        for tok in get_tokens(s):
            if tok in table:
                table[tok] += 1
            else:
                table[tok] = 1
            amount += 1
    best = sorted(table.items(), key=lambda e: (-e[1], e[0]))
    print("words:", amount, "distinct:", len(table))
    for tok, times in best[:3]:
        print(tok, times)

main()
