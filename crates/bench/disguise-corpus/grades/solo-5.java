import java.util.Scanner;

public class Main {
    static int[] data;

    static void load() {
        Scanner keyboard = new Scanner(System.in);
        data = new int[keyboard.nextInt()];
        for (int idx = 0; idx < data.length; idx++) {
            data[idx] = keyboard.nextInt();
        }
        keyboard.close();
    }

    public static void main(String[] args) {
        load();
        int top = data[0];
        for (int v : data) {
            top = Math.max(top, v);
        }
        int sum = 0, passes = 0;
        for (int v : data) {
            sum += v;
            if (v < 50) continue;
            passes++;
        }
        double average = Math.round(sum * 100.0 / data.length) / 100.0;
        System.out.println("average " + String.format("%.2f", average));
        System.out.println("best " + top);
        System.out.println("passed " + passes + " of " + data.length);
    }
}
