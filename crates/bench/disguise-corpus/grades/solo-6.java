import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner scan = new Scanner(System.in);
        int num = scan.nextInt();
        int i = 0, total = 0, highest = 0, passCount = 0;
        boolean first = true;
        do {
            int mark = scan.nextInt();
            if (first || mark > highest) {
                highest = mark;
                first = false;
            }
            if (mark > 49) {
                passCount = passCount + 1;
            }
            total = total + mark;
            i = i + 1;
        } while (i < num);
        System.out.printf("average %.2f%n", (float) total / num);
        System.out.printf("best %d%npassed %d of %d%n", highest, passCount, num);
    }
}
