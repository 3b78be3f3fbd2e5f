# Run-time error: a correct depth-first search that crashes after the session is over.
#
# It believes the interactor sends a last line after the exit is reached (or after its
# -1), and reads it with input(). The interactor sends nothing more and ends, closing
# the pipe: input() raises EOFError, and the program dies with exit status 1 after the
# interactor has accepted. The session was right, the program crashed: run-time error.
import sys


def main():
    n, m, r, c = map(int, input().split())
    mask = input()
    delta = (-m, m, -1, 1)
    letters = "UDLR"
    visited = bytearray(n * m)
    here = r * m + c
    visited[here] = 1
    stack = [[here, mask, 0, -1]]
    while stack:
        frame = stack[-1]
        here, mask, d, came = frame
        while d < 4 and (mask[d] != "1" or visited[here + delta[d]]):
            d += 1
        if d < 4:
            frame[2] = d + 1
            there = here + delta[d]
            visited[there] = 1
            print(letters[d], flush=True)
            reply = input()
            if reply == "E":
                break
            if reply != "#":
                stack.append([there, reply, 0, d])
        else:
            stack.pop()
            if came < 0:
                print(-1, flush=True)
                break
            print(letters[came ^ 1], flush=True)
            input()
    verdict = input()  # Bug: there is no such line; EOFError.
    print(verdict, file=sys.stderr)


main()
