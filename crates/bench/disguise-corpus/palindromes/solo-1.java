import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        String s;
        int yes = 0, all = 0;
        while ((s = br.readLine()) != null) {
            String t = s.toLowerCase().replaceAll("[^a-z]", "");
            String r = new StringBuilder(t).reverse().toString();
            boolean p = t.equals(r);
            System.out.println(p ? "yes" : "no");
            if (p) yes++;
            all++;
        }
        System.out.println(yes + " of " + all);
    }
}
