import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.stream.Collectors;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int total = 0;
        int count = 0;
        for (String line : in.lines().collect(Collectors.toList())) {
            String cleaned = line.chars()
                .filter(Character::isLetter)
                .map(Character::toLowerCase)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
            total++;
            if (cleaned.contentEquals(new StringBuilder(cleaned).reverse())) {
                count++;
                System.out.println("yes");
            } else {
                System.out.println("no");
            }
        }
        System.out.println(count + " of " + total);
    }
}
