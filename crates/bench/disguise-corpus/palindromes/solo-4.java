import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int palins = 0;
        int total = 0;
        while (in.hasNextLine()) {
            String str = in.nextLine();
            Deque<Character> deque = new ArrayDeque<>();
            for (char ch : str.toCharArray()) {
                if (Character.isAlphabetic(ch)) {
                    deque.addLast(Character.toLowerCase(ch));
                }
            }
            boolean result = true;
            while (deque.size() > 1 && result) {
                result = deque.pollFirst().equals(deque.pollLast());
            }
            total += 1;
            if (result) {
                palins += 1;
                System.out.println("yes");
            } else {
                System.out.println("no");
            }
        }
        System.out.println(palins + " of " + total);
    }
}
