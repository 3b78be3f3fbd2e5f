import java.util.Scanner;

public class Main {
    static int size, period;
    static int[][] cell;
    static boolean[][] onPath;
    static boolean[][][] crossed;
    static char[] answer;
    static final int[][] STEP = {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}};

    static boolean extend(int r, int c, int placed) {
        if (placed == size * size) return r == size - 1 && c == size - 1;
        for (int d = 0; d < 8; d++) {
            int nr = r + STEP[d][0], nc = c + STEP[d][1];
            if (nr < 0 || nc < 0 || nr >= size || nc >= size) continue;
            if (onPath[nr][nc]) continue;
            if (cell[nr][nc] != placed % period) continue;
            int sr = Math.min(r, nr), sc = Math.min(c, nc);
            boolean diag = STEP[d][0] != 0 && STEP[d][1] != 0;
            if (diag && crossed[sr][sc][0]) continue;
            onPath[nr][nc] = true;
            if (diag) crossed[sr][sc][0] = true;
            answer[placed - 1] = (char) ('0' + d);
            if (extend(nr, nc, placed + 1)) return true;
            if (diag) crossed[sr][sc][0] = false;
            onPath[nr][nc] = false;
        }
        return false;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        size = in.nextInt();
        period = in.nextInt();
        cell = new int[size][size];
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++) cell[r][c] = in.nextInt();
        onPath = new boolean[size][size];
        crossed = new boolean[size][size][1];
        answer = new char[Math.max(0, size * size - 1)];
        if (size < 2 || cell[0][0] != 0) {
            System.out.println("-1");
            return;
        }
        onPath[0][0] = true;
        System.out.println(extend(0, 0, 1) ? new String(answer) : "-1");
    }
}
