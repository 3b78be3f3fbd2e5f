import java.util.*;

// Eight puzzle.
public class Main
{
    static final int[] ROW = {1, 0, 0, -1};
    static final int[] COL = {0, -1, 1, 0};
    static final String NAMES = "DLRU";

    static int exchange(int board, int a, int b)
    {
        int[] digits = new int[9];
        int i = 8;
        while (i >= 0)
        {
            digits[i] = board % 10;
            board = board / 10;
            i--;
        }
        int tmp = digits[a];
        digits[a] = digits[b];
        digits[b] = tmp;
        int result = 0;
        i = 0;
        while (i < 9)
        {
            result = result * 10 + digits[i];
            i++;
        }
        return result;
    }

    static int zeroAt(int board)
    {
        int i = 8;
        while (board % 10 != 0)
        {
            board = board / 10;
            i--;
        }
        return i;
    }

    static HashMap<Integer, Integer> explore(int origin, HashMap<Integer, Long> ways)
    {
        HashMap<Integer, Integer> depth = new HashMap<>();
        ArrayDeque<Integer> open = new ArrayDeque<>();
        depth.put(origin, 0);
        if (ways != null)
            ways.put(origin, 1L);
        open.add(origin);
        while (open.size() > 0)
        {
            int cur = open.poll();
            int hole = zeroAt(cur);
            int x = hole / 3, y = hole % 3;
            for (int d = 0; d < 4; d++)
            {
                int tx = x + ROW[d], ty = y + COL[d];
                if (tx >= 0 && tx <= 2 && ty >= 0 && ty <= 2)
                {
                    int next = exchange(cur, hole, tx * 3 + ty);
                    Integer known = depth.get(next);
                    if (known != null)
                    {
                        if (ways != null && known == depth.get(cur) + 1)
                            ways.put(next, ways.get(next) + ways.get(cur));
                    }
                    else
                    {
                        depth.put(next, depth.get(cur) + 1);
                        if (ways != null)
                            ways.put(next, ways.get(cur));
                        open.add(next);
                    }
                }
            }
        }
        return depth;
    }

    public static void main(String[] args)
    {
        Scanner sc = new Scanner(System.in);
        int from = Integer.parseInt(sc.next());
        int to = Integer.parseInt(sc.next());
        HashMap<Integer, Long> ways = new HashMap<>();
        HashMap<Integer, Integer> near = explore(from, ways);
        if (near.containsKey(to))
        {
            HashMap<Integer, Integer> far = explore(to, null);
            StringBuilder moves = new StringBuilder();
            int cur = from;
            while (cur != to)
            {
                int hole = zeroAt(cur);
                int x = hole / 3, y = hole % 3;
                for (int d = 0; d < 4; d++)
                {
                    int tx = x + ROW[d], ty = y + COL[d];
                    if (tx >= 0 && tx <= 2 && ty >= 0 && ty <= 2)
                    {
                        int next = exchange(cur, hole, tx * 3 + ty);
                        if (far.get(next) + 1 == far.get(cur))
                        {
                            moves.append(NAMES.charAt(d));
                            cur = next;
                            break;
                        }
                    }
                }
            }
            System.out.println(near.get(to) + "\n" + ways.get(to) + "\n" + moves);
        }
        else
        {
            System.out.println(-1);
        }
    }
}
