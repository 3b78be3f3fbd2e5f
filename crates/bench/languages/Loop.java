public class Loop {
    public static void main(String[] args) {
        long n = new java.util.Scanner(System.in).nextLong();
        long s = 0;
        for (long i = 1; i <= n; i++) s = (s * 31 + i) % 1000003;
        System.out.println(s);
    }
}
