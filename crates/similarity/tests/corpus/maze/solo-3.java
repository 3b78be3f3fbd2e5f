import java.util.ArrayDeque;
import java.util.Scanner;

public class Main {
    private static final int MOD = 1000000007;

    private static int[] locate(String[] rows, char target) {
        for (int r = 0; r < rows.length; r++) {
            int c = rows[r].indexOf(target);
            if (c >= 0) return new int[] {r, c};
        }
        return null;
    }

    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        int height = scanner.nextInt();
        int width = scanner.nextInt();
        String[] rows = new String[height];
        for (int r = 0; r < height; r++) rows[r] = scanner.next();
        int[] start = locate(rows, 'S');
        int[] exit = locate(rows, 'E');
        int[][] depth = new int[height][width];
        int[][] routes = new int[height][width];
        for (int[] line : depth) java.util.Arrays.fill(line, Integer.MAX_VALUE);
        ArrayDeque<int[]> open = new ArrayDeque<>();
        depth[start[0]][start[1]] = 0;
        routes[start[0]][start[1]] = 1;
        open.add(start);
        int[][] steps = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        while (!open.isEmpty()) {
            int[] at = open.poll();
            int here = depth[at[0]][at[1]];
            for (int[] s : steps) {
                int r = at[0] + s[0];
                int c = at[1] + s[1];
                boolean ok = r >= 0 && c >= 0 && r < height && c < width && rows[r].charAt(c) != '#';
                if (!ok || depth[r][c] < here + 1) continue;
                if (depth[r][c] > here + 1) {
                    depth[r][c] = here + 1;
                    open.add(new int[] {r, c});
                }
                routes[r][c] = (int) (((long) routes[r][c] + routes[at[0]][at[1]]) % MOD);
            }
        }
        int best = depth[exit[0]][exit[1]];
        if (best == Integer.MAX_VALUE) {
            System.out.println("-1");
            return;
        }
        StringBuilder path = new StringBuilder();
        int r = start[0], c = start[1];
        String names = "RDLU";
        while (r != exit[0] || c != exit[1]) {
            for (int k = 0; k < 4; k++) {
                int nr = r + steps[k][0], nc = c + steps[k][1];
                if (nr < 0 || nc < 0 || nr >= height || nc >= width) continue;
                if (depth[nr][nc] != depth[r][c] + 1) continue;
                if (!reaches(depth, nr, nc, exit)) continue;
                path.append(names.charAt(k));
                r = nr;
                c = nc;
                break;
            }
        }
        System.out.println(best + "\n" + routes[exit[0]][exit[1]] + "\n" + path);
    }

    private static boolean reaches(int[][] depth, int r, int c, int[] exit) {
        int dr = Math.abs(exit[0] - r) + Math.abs(exit[1] - c);
        return depth[exit[0]][exit[1]] - depth[r][c] >= dr;
    }
}
