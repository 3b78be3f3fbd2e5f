import java.util.Arrays;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner input = new Scanner(System.in);
        int students = input.nextInt();
        int[] grade = new int[students];
        for (int s = 0; s < students; s++) grade[s] = input.nextInt();
        Arrays.sort(grade);
        int firstPass = 0;
        while (firstPass < students && grade[firstPass] < 50) {
            firstPass++;
        }
        double avg = Arrays.stream(grade).average().orElse(0);
        System.out.printf("average %.2f%n", avg);
        System.out.println("best " + grade[students - 1]);
        System.out.println("passed " + (students - firstPass) + " of " + students);
    }
}
