// Accepted: depth-first search with backtracking, iterative, in Java.
//
// From each cell, step to an open neighbour (the mask says which) not visited yet; when
// none is left, step back the way it came. Each reachable cell is entered once and left
// once: at most 2 (V - 1) moves, under the budget of 3 n m. Back at the start with
// nothing left: no route, print -1.
//
// Replies are read with a BufferedReader, moves written through a PrintWriter and
// flushed one by one (the interactor needs each move before it can answer).
import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        StringTokenizer header = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(header.nextToken()), m = Integer.parseInt(header.nextToken());
        int r = Integer.parseInt(header.nextToken()), c = Integer.parseInt(header.nextToken());
        int[] delta = {-m, m, -1, 1};
        char[] letter = {'U', 'D', 'L', 'R'};
        int cells = n * m;
        boolean[] visited = new boolean[cells];
        // The stack: cell, open mask, next move to try, move that entered it.
        int[] cell = new int[cells], open = new int[cells], next = new int[cells], came = new int[cells];
        int top = 0;
        cell[0] = r * m + c;
        open[0] = mask(in.readLine());
        came[0] = -1;
        visited[cell[0]] = true;
        while (top >= 0) {
            int here = cell[top], d = next[top];
            while (d < 4 && ((open[top] >> d & 1) == 0 || visited[here + delta[d]])) d++;
            if (d < 4) {
                int there = here + delta[d];
                next[top] = d + 1;
                visited[there] = true;
                out.println(letter[d]);
                out.flush();
                String reply = in.readLine();
                if (reply == null || reply.charAt(0) == 'E') return;
                if (reply.charAt(0) == '#') continue;
                top++;
                cell[top] = there;
                open[top] = mask(reply);
                next[top] = 0;
                came[top] = d;
            } else {
                int back = came[top];
                top--;
                if (back < 0) {
                    out.println(-1);
                    out.flush();
                    return;
                }
                out.println(letter[back ^ 1]);
                out.flush();
                in.readLine();
            }
        }
    }

    static int mask(String reply) {
        int mask = 0;
        for (int d = 0; d < 4; d++) if (reply.charAt(d) == '1') mask |= 1 << d;
        return mask;
    }
}
