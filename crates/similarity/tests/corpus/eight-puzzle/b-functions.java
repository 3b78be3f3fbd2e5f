import java.util.*;

public class Main {
    static final int[] DR = {1, 0, 0, -1};
    static final int[] DC = {0, -1, 1, 0};
    static final String MOVES = "DLRU";
    static HashMap<Integer, Long> count = new HashMap<>();

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int start = Integer.parseInt(in.next());
        int goal = Integer.parseInt(in.next());
        HashMap<Integer, Integer> fromStart = bfs(start, count);
        if (!fromStart.containsKey(goal)) {
            System.out.println(-1);
            return;
        }
        System.out.println(fromStart.get(goal));
        System.out.println(count.get(goal));
        System.out.println(smallest(start, goal, bfs(goal, null)));
    }

    static String smallest(int start, int goal, HashMap<Integer, Integer> toGoal) {
        StringBuilder path = new StringBuilder();
        int s = start;
        while (s != goal) {
            for (int k = 0; k < 4; k++) {
                int t = next(s, k);
                if (t < 0) continue;
                if (toGoal.get(t) == toGoal.get(s) - 1) {
                    path.append(MOVES.charAt(k));
                    s = t;
                    break;
                }
            }
        }
        return path.toString();
    }

    static int next(int s, int k) {
        int z = blank(s);
        int r = z / 3, c = z % 3;
        int nr = r + DR[k], nc = c + DC[k];
        if (nr < 0 || nr > 2 || nc < 0 || nc > 2) return -1;
        return swapDigits(s, z, nr * 3 + nc);
    }

    static HashMap<Integer, Integer> bfs(int from, HashMap<Integer, Long> count) {
        HashMap<Integer, Integer> dist = new HashMap<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        dist.put(from, 0);
        if (count != null) count.put(from, 1L);
        queue.add(from);
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int k = 0; k < 4; k++) {
                int t = next(s, k);
                if (t < 0) continue;
                Integer seen = dist.get(t);
                if (seen == null) {
                    dist.put(t, dist.get(s) + 1);
                    if (count != null) count.put(t, count.get(s));
                    queue.add(t);
                } else if (count != null && seen == dist.get(s) + 1) {
                    count.put(t, count.get(t) + count.get(s));
                }
            }
        }
        return dist;
    }

    static int blank(int state) {
        for (int k = 8; k >= 0; k--) {
            if (state % 10 == 0) return k;
            state /= 10;
        }
        return -1;
    }

    static int swapDigits(int state, int i, int j) {
        int[] p = new int[9];
        for (int k = 8; k >= 0; k--) {
            p[k] = state % 10;
            state /= 10;
        }
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        int out = 0;
        for (int k = 0; k < 9; k++) out = out * 10 + p[k];
        return out;
    }
}
