//! Files that are the same are obvious (issue 37): byte-identical files, and files that
//! differ only in comments and layout, score 100 % whatever the class size, and the
//! common-code discount never hides them; it only applies in a class large enough.

use similarity::{analyze, BaseFile, Language, Options, Submission};

const SUM: &str = "import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int n = in.nextInt();\n        int sum = 0;\n        for (int i = 0; i < n; i++) {\n            sum += in.nextInt();\n        }\n        System.out.println(sum);\n    }\n}\n";

/// The same program, re-indented, re-wrapped and commented.
const SUM_RELAID: &str = "import java.util.Scanner;\n// my solution\npublic class Main\n{\n  public static void main(String[] args)\n  {\n    Scanner in = new Scanner(System.in);   /* input */\n    int n = in.nextInt(); int sum = 0;\n    for (int i = 0; i < n; i++) { sum += in.nextInt(); }\n    System.out.println(sum);\n  }\n}\n";

/// Other students' solutions of the same task, each their own.
const OTHERS: [&str; 3] = [
    "import java.util.*;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner sc = new Scanner(System.in);\n        int count = sc.nextInt();\n        long total = 0;\n        while (count-- > 0) total = total + sc.nextLong();\n        System.out.println(total);\n    }\n}\n",
    "import java.io.*;\n\npublic class Main {\n    public static void main(String[] args) throws IOException {\n        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));\n        String[] parts = r.readLine().trim().split(\" \");\n        int s = 0;\n        for (int k = 1; k < parts.length; k++) s += Integer.parseInt(parts[k]);\n        System.out.println(s);\n    }\n}\n",
    "import java.util.Scanner;\nimport java.util.stream.IntStream;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner s = new Scanner(System.in);\n        int n = s.nextInt();\n        System.out.println(IntStream.range(0, n).map(x -> s.nextInt()).sum());\n    }\n}\n",
];

fn submission(student: &str, source: &str) -> Submission {
    Submission {
        student: student.into(),
        problem: "sum".into(),
        file: format!("{student}/sum.java"),
        language: Language::Java,
        source: source.as_bytes().to_vec(),
    }
}

/// The similarity of two students' files (0 if they are not paired at all).
fn similarity(submissions: Vec<Submission>, base: &[BaseFile], a: &str, b: &str) -> f64 {
    let analysis = analyze(submissions, base, &Options::default());
    let problem = &analysis.problems[0];
    let index = |s: &str| problem.files.iter().position(|f| f.student == s).unwrap();
    let (a, b) = (index(a), index(b));
    problem
        .pairs
        .iter()
        .find(|p| (p.a, p.b) == (a.min(b), a.max(b)))
        .map_or(0.0, |p| p.similarity)
}

#[test]
fn two_identical_files_score_100_percent() {
    let class = vec![submission("ann", SUM), submission("bob", SUM)];
    assert_eq!(similarity(class, &[], "ann", "bob"), 1.0);
    // However short.
    let tiny = "class Main { public static void main(String[] a) { System.out.println(42); } }";
    let class = vec![submission("ann", tiny), submission("bob", tiny)];
    assert_eq!(similarity(class, &[], "ann", "bob"), 1.0);
}

#[test]
fn files_that_differ_only_in_comments_and_layout_score_100_percent() {
    let class = vec![
        submission("ann", SUM),
        submission("bob", SUM_RELAID),
        submission("cid", OTHERS[0]),
    ];
    assert_eq!(similarity(class, &[], "ann", "bob"), 1.0);
}

#[test]
fn three_identical_files_among_four_students_are_not_common_code() {
    let class = vec![
        submission("ann", SUM),
        submission("bob", SUM),
        submission("cid", SUM_RELAID),
        submission("dan", OTHERS[0]),
    ];
    // Even counted as a class large enough, they are the same files.
    let large = Options {
        common_min_class: 4,
        ..Options::default()
    };
    let counted = analyze(class.clone(), &[], &large);
    assert!(counted.problems[0].common_fingerprints > 0);
    let same: Vec<f64> = counted.problems[0]
        .pairs
        .iter()
        .filter(|p| p.a != 3 && p.b != 3)
        .map(|p| p.similarity)
        .collect();
    assert_eq!(same, [1.0, 1.0, 1.0]);
    let analysis = analyze(class.clone(), &[], &Options::default());
    assert_eq!(
        analysis.problems[0].common_threshold, None,
        "four students are too few for anything to be common code"
    );
    for (a, b) in [("ann", "bob"), ("ann", "cid"), ("bob", "cid")] {
        assert_eq!(similarity(class.clone(), &[], a, b), 1.0, "{a} and {b}");
    }
    assert!(similarity(class, &[], "ann", "dan") < 1.0);
}

#[test]
fn in_a_large_class_the_discount_never_hides_identical_files() {
    // 40 students: 22 hand in the same file (more than half: common code by count),
    // the others one of three solutions of their own, lightly varied.
    let mut class = Vec::new();
    for i in 0..40 {
        let student = format!("s{i:02}");
        if i < 22 {
            class.push(submission(&student, SUM));
        } else {
            let own = OTHERS[i % 3].replace(
                "System.out.println",
                &format!("// {i}\n System.out.println"),
            );
            class.push(submission(&student, &own));
        }
    }
    let analysis = analyze(class.clone(), &[], &Options::default());
    let problem = &analysis.problems[0];
    assert_eq!(problem.common_threshold, Some(20));
    assert!(
        problem.common_fingerprints > 0,
        "the shared file is common by count"
    );
    assert_eq!(similarity(class, &[], "s00", "s21"), 1.0);
}

#[test]
fn starter_code_handed_in_unchanged_is_no_one_s_copy_but_base_code_is_always_discounted() {
    let base = [BaseFile {
        name: "starter.java".into(),
        language: Language::Java,
        source: SUM.as_bytes().to_vec(),
    }];
    let class = vec![
        submission("ann", SUM),
        submission("bob", SUM),
        submission("cid", OTHERS[0]),
    ];
    assert_eq!(similarity(class, &base, "ann", "bob"), 0.0);
}
