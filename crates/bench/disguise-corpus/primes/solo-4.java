import java.util.Scanner;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

public class Main {
    private static boolean prime(int v) {
        return v > 1 && IntStream.rangeClosed(2, (int) Math.sqrt(v)).noneMatch(d -> v % d == 0);
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int upTo = in.nextInt();
        int[] found = IntStream.rangeClosed(2, upTo).filter(Main::prime).toArray();
        String line = IntStream.of(found).mapToObj(Integer::toString).collect(Collectors.joining(" "));
        System.out.println(line);
        System.out.println(found.length + " primes");
    }
}
