# Accepted: BFS from S with shortest-route counting modulo 1e9+7, layer by layer, on a
# flat byte grid with a wall border (neighbours are v +- 1 and v +- w, no bounds checks).
# Python is slow per operation, so:
#   - the maze is one bytes object (rows joined with the border), read in one go;
#   - one bytearray marks walls and reached cells alike, so a neighbour costs one test;
#   - the search goes layer by layer and stops after E's layer;
#   - counts are plain ints, reduced modulo once per cell when its layer is complete;
#   - one route is rebuilt backwards from E through neighbours one layer closer to S.
# Measured: about 1.2 s CPU on an open 1000 x 1000 maze (limit 1 s x 5 for Python).
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    w = m + 2
    # Row r of the maze is bytes (r+1)*w+1 .. (r+1)*w+m of the flat grid; '#' border.
    border = b"#" * w
    flat = border + b"".join(b"#" + row + b"#" for row in data[2:2 + n]) + border
    s = flat.index(b"S")
    e = flat.index(b"E")
    size = len(flat)
    # blocked[v] = 1 for walls and for cells already reached; dist[v] = -1 until reached.
    blocked = bytearray(flat.translate(bytes.maketrans(b"#-SE", b"\x01\x00\x00\x00")))
    dist = [-1] * size
    cnt = [0] * size
    dist[s] = 0
    cnt[s] = 1
    blocked[s] = 1
    frontier = [s]
    d = 0
    MOD = 1000000007
    up, down = -w, w
    while frontier and dist[e] < 0:
        d += 1
        nxt = []
        push = nxt.append
        for u in frontier:
            c = cnt[u]
            for v in (u + up, u + down, u - 1, u + 1):
                if not blocked[v]:
                    blocked[v] = 1
                    dist[v] = d
                    cnt[v] = c
                    push(v)
                elif dist[v] == d:
                    cnt[v] += c
        for v in nxt:
            cnt[v] %= MOD
        frontier = nxt
    out = sys.stdout
    if dist[e] < 0:
        out.write("-1\n")
        return
    route = []
    v = e
    k = dist[e]
    while k:
        k -= 1
        if dist[v - w] == k:
            route.append("D")
            v -= w
        elif dist[v + w] == k:
            route.append("U")
            v += w
        elif dist[v - 1] == k:
            route.append("R")
            v -= 1
        else:
            route.append("L")
            v += 1
    route.reverse()
    out.write("%d\n%d\n%s\n" % (dist[e], cnt[e], "".join(route)))


main()
