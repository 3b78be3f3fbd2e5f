import java.io.*;

public class Main {
    static int n, m;
    static char[][] clue;
    static int[][] color = null, black = null, undecided = null;

    public static void main(String[] args) throws IOException {
        read();
        dfs(0);
        print();
    }

    static void read() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] first = in.readLine().trim().split(" ");
        n = Integer.parseInt(first[0]);
        m = Integer.parseInt(first[1]);
        clue = new char[n][];
        for (int i = 0; i < n; i++) clue[i] = in.readLine().trim().toCharArray();
        color = new int[n][m];
        black = new int[n][m];
        undecided = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                for (int a = i - 1; a <= i + 1; a++)
                    for (int b = j - 1; b <= j + 1; b++)
                        if (inside(a, b)) undecided[i][j]++;
            }
        }
    }

    static boolean inside(int i, int j) {
        return i >= 0 && j >= 0 && i < n && j < m;
    }

    static void print() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) out.append(color[i][j]);
            out.append('\n');
        }
        System.out.print(out);
    }

    static boolean dfs(int pos) {
        if (pos == n * m) return true;
        int r = pos / m, c = pos % m;
        for (int v = 0; v <= 1; v++) {
            color[r][c] = v;
            paint(r, c, v, 1);
            if (ok(r, c) && dfs(pos + 1)) return true;
            paint(r, c, v, -1);
        }
        return false;
    }

    static void paint(int r, int c, int v, int sign) {
        for (int i = r - 1; i <= r + 1; i++) {
            for (int j = c - 1; j <= c + 1; j++) {
                if (!inside(i, j)) continue;
                undecided[i][j] -= sign;
                black[i][j] += sign * v;
            }
        }
    }

    static boolean ok(int r, int c) {
        for (int i = r - 1; i <= r + 1; i++) {
            for (int j = c - 1; j <= c + 1; j++) {
                if (!inside(i, j) || clue[i][j] == '_') continue;
                int need = clue[i][j] - '0';
                if (black[i][j] > need || black[i][j] + undecided[i][j] < need) return false;
            }
        }
        return true;
    }
}
