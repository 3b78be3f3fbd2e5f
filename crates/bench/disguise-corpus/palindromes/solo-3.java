import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner reader = new Scanner(System.in);
        List<String> input = new ArrayList<>();
        while (reader.hasNextLine()) input.add(reader.nextLine());
        int good = 0;
        for (String sentence : input) {
            char[] buf = new char[sentence.length()];
            int len = 0;
            for (char c : sentence.toCharArray()) {
                if (Character.isLetter(c)) buf[len++] = Character.toLowerCase(c);
            }
            int mismatches = 0;
            for (int i = 0; i < len / 2; i++) {
                if (buf[i] != buf[len - 1 - i]) mismatches++;
            }
            if (mismatches == 0) {
                good++;
            }
            System.out.println(mismatches == 0 ? "yes" : "no");
        }
        System.out.println(good + " of " + input.size());
    }
}
