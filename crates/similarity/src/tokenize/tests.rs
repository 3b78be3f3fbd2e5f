use super::*;
use crate::token::Kind;

fn kinds(language: Language, source: &str) -> Vec<Kind> {
    tokenize(language, source.as_bytes())
        .unwrap_or_else(|e| panic!("{e}: {source}"))
        .tokens
        .iter()
        .map(|t| t.kind)
        .collect()
}

#[test]
fn names_comments_layout_and_types_make_no_difference() {
    let a = "int main(void) {\n  int n; scanf(\"%d\", &n);\n  long total = 0;\n  for (int i = 0; i < n; i++) total += i * i;\n  printf(\"%ld\\n\", total);\n  return 0;\n}\n";
    let b = "/* sum of squares */\nint main(){int count;scanf(\"%d\",&count);\nlong long s=0; // running\nfor(long j=0;j<count;++j){s=s+j*j;}\nprintf(\"%lld\\n\",s);return 0;}\n";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, b));
}

#[test]
fn a_for_loop_is_its_while_loop() {
    let a = "void f(int n) { for (int i = 0; i < n; i++) { g(i); } }";
    let b = "void f(int n) { int i = 0; while (i < n) { g(i); i += 1; } }";
    assert_eq!(kinds(Language::Cpp, a), kinds(Language::Cpp, b));
    let java_a = "class M { void f(int n) { for (int i = 0; i < n; i++) g(i); } }";
    let java_b = "class M { void f(int n) { int i = 0; while (i < n) { g(i); i = i + 1; } } }";
    assert_eq!(kinds(Language::Java, java_a), kinds(Language::Java, java_b));
}

#[test]
fn a_declaration_moved_away_from_its_first_use_is_the_same_code() {
    let a = "int main() { int x; int y; x = 1; y = x + 2; return y; }";
    let b = "int x, y;\nint main() { x = 1; y = x + 2; return y; }";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, b));
}

#[test]
fn c_translated_to_cpp_gives_the_same_tokens() {
    let c = "#include <stdio.h>\nint dist[100];\nint main(void) {\n  int n;\n  scanf(\"%d\", &n);\n  for (int i = 0; i < n; i++) dist[i] = -1;\n  printf(\"%d\\n\", dist[0]);\n  return 0;\n}\n";
    let cpp = "#include <bits/stdc++.h>\nusing namespace std;\nint dist[100];\nint main() {\n  ios::sync_with_stdio(false);\n  int n;\n  cin >> n;\n  for (int i = 0; i < n; ++i) dist[i] = -1;\n  cout << dist[0] << endl;\n  return 0;\n}\n";
    let mut c_kinds = kinds(Language::C, c);
    let cpp_kinds = kinds(Language::Cpp, cpp);
    // The C++ version's sync_with_stdio line is one more I/O token.
    c_kinds.insert(1, Kind::Io);
    assert_eq!(c_kinds, cpp_kinds);
}

#[test]
fn python_range_loops_and_chained_comparisons_read_like_c() {
    let py =
        "def f(n, g):\n    for i in range(n):\n        if 0 <= g[i] < n:\n            g[i] += 1\n";
    let c = "void f(int n, int *g) { for (int i = 0; i < n; i++) { if (0 <= g[i] && g[i] < n) g[i] += 1; } }";
    assert_eq!(kinds(Language::Python, py), kinds(Language::C, c));
}

#[test]
fn io_statements_are_one_token_in_every_language() {
    use Kind::*;
    assert_eq!(
        kinds(
            Language::Python,
            "n, m = map(int, input().split())\nprint(n + m)\n"
        ),
        [Io, Io]
    );
    assert_eq!(
        kinds(Language::Java, "class Main { public static void main(String[] a) { Scanner sc = new Scanner(System.in); int n = sc.nextInt(); System.out.println(n); } }"),
        // (The two declarations in canonical order: the I/O one first.)
        [Func, Io, Assign, Id, New, Field, Id, Io]
    );
    assert_eq!(kinds(Language::Rust, "fn main() { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); println!(\"{}\", s); }"),
        [Func, Assign, Id, Call, Id, Io, Io]);
}

#[test]
fn rust_range_loops_read_like_c() {
    let rs = "fn f(n: usize, g: &mut Vec<usize>) { for i in 0..n { g[i] += 1; } }";
    let c = "void f(int n, int *g) { for (int i = 0; i < n; i++) g[i] += 1; }";
    assert_eq!(kinds(Language::Rust, rs), kinds(Language::C, c));
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    assert_eq!(tokenize(Language::C, b"  \n\t"), Err(BadInput::Empty));
    assert_eq!(
        tokenize(Language::C, b"int x;\0\x01\x02"),
        Err(BadInput::Binary)
    );
    assert_eq!(
        tokenize(Language::Python, b"\xff\xfe"),
        Err(BadInput::Binary)
    );
    assert!(matches!(
        tokenize(
            Language::Cpp,
            b"this is not C++ at all, it is a letter to the teacher: {{{ ]]] ((( "
        ),
        Err(BadInput::Unparseable { .. })
    ));
    assert_eq!(
        tokenize(Language::Java, b"// just a comment\nimport java.util.*;\n"),
        Err(BadInput::NoCode)
    );
    assert!(matches!(
        tokenize(Language::C, &vec![b'x'; MAX_SOURCE_BYTES + 1]),
        Err(BadInput::TooLarge { .. })
    ));
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let source = format!(
        "int f() {{ return {}1{}; }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let _ = tokenize(Language::C, source.as_bytes());
}

#[test]
fn every_token_points_into_the_source() {
    let source = "int main() { int a = 1; if (a > 0) { a = a * 2; } return a; }";
    for token in tokenize(Language::C, source.as_bytes()).unwrap().tokens {
        assert!(
            token.start < token.end && token.end as usize <= source.len(),
            "{token:?}"
        );
    }
}

fn digest(language: Language, source: &str) -> u64 {
    tokenize(language, source.as_bytes())
        .unwrap_or_else(|e| panic!("{e}: {source}"))
        .text_digest
}

#[test]
fn the_text_digest_ignores_layout_and_comments_only() {
    let a = "int main() {\n    int total = 0; // sum\n    for (int i = 0; i < 3; i++) total += i;\n    printf(\"%d\\n\", total);\n}\n";
    let b = "/* a copy */ int main(){ int total=0;\n\n for(int i=0;i<3;i++)\n   total+=i; /* loop */ printf(\"%d\\n\",total); }";
    assert_eq!(digest(Language::C, a), digest(Language::C, b));
    // A renamed variable, another literal or another string is another text.
    assert_ne!(
        digest(Language::C, a),
        digest(Language::C, &a.replace("total", "sum"))
    );
    assert_ne!(
        digest(Language::C, a),
        digest(Language::C, &a.replace("i < 3", "i < 4"))
    );
    assert_ne!(
        digest(Language::C, a),
        digest(Language::C, &a.replace("%d\\n", "%d \\n"))
    );
    // In Python the nesting is the layout that matters.
    let inside = "for x in xs:\n    f(x)\n    g(x)\n";
    let after = "for x in xs:\n    f(x)\ng(x)\n";
    assert_ne!(
        digest(Language::Python, inside),
        digest(Language::Python, after)
    );
    assert_eq!(
        digest(Language::Python, inside),
        digest(
            Language::Python,
            "# loop\nfor x in xs:\n  f(x)   # first\n  g(x)\n"
        )
    );
}

#[test]
fn braces_around_one_statement_and_parentheses_make_no_difference() {
    let a = "class M { int f(int a, int b) { if (a > b) return a; else return b; } }";
    let b =
        "class M { int f(int a, int b) { if ((a > b)) { return (a); } else { return ((b)); } } }";
    assert_eq!(kinds(Language::Java, a), kinds(Language::Java, b));
    let a = "int f(int a) { while (a > 1) a = a / 2; return a; }";
    let b = "int f(int a) { while ((a > 1)) { a = (a / 2); } return (a); }";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, b));
    let a = "def f(a):\n    if a > 1:\n        return (a)\n    return a * 2\n";
    let b = "def f(a):\n    if (a > 1):\n        return a\n    return (a * 2)\n";
    assert_eq!(kinds(Language::Python, a), kinds(Language::Python, b));
}

#[test]
fn increments_in_every_spelling_are_the_same_update() {
    let forms = ["i++;", "++i;", "i += 1;", "i = i + 1;"];
    let expected = kinds(Language::Java, "class M { void f() { i++; } }");
    for form in forms {
        let source = format!("class M {{ void f() {{ {form} }} }}");
        assert_eq!(kinds(Language::Java, &source), expected, "{form}");
    }
    assert_eq!(
        kinds(Language::Python, "i += 1\n"),
        kinds(Language::Python, "i = i + 1\n")
    );
}

#[test]
fn a_loop_that_tests_its_exit_first_thing_is_a_loop_on_that_test() {
    let a = "class M { void f(int n) { while (n != 1) { n = g(n); k++; } } }";
    let b = "class M { void f(int n) { while (true) { if (n == 1) break; n = g(n); k++; } } }";
    let c = "class M { void f(int n) { for (;;) { if (n == 1) { break; } n = g(n); k++; } } }";
    let d = "class M { void f(int n) { do { n = g(n); k++; } while (n != 1); } }";
    let expected = kinds(Language::Java, a);
    // (`==` and `!=` are one kind, `!` none: the tests agree.)
    assert_eq!(kinds(Language::Java, b), expected);
    assert_eq!(kinds(Language::Java, c), expected);
    assert_eq!(kinds(Language::Java, d), expected, "a do-while loop too");
    let py_a = "def f(n):\n    while n != 1:\n        n = g(n)\n";
    let py_b =
        "def f(n):\n    while True:\n        if n == 1:\n            break\n        n = g(n)\n";
    assert_eq!(kinds(Language::Python, py_a), kinds(Language::Python, py_b));
    let c_a = "void f(int n) { while (n > 1) n = g(n); }";
    let c_b = "void f(int n) { while (1) { if (n <= 1) break; n = g(n); } }";
    assert_eq!(kinds(Language::C, c_a), kinds(Language::C, c_b));
    // A loop whose test is not first keeps its break.
    let later = "class M { void f(int n) { while (true) { n = g(n); if (n == 1) break; } } }";
    assert_ne!(kinds(Language::Java, later), expected);
}

#[test]
fn a_switch_is_its_if_chain() {
    let a = "void f(int x) { switch (x % 3) { case 0: g(1); break; case 1: g(2); break; default: g(3); } }";
    let b = "void f(int x) { if (x % 3 == 0) g(1); else if (x % 3 == 1) g(2); else g(3); }";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, b));
    let a = "class M { void f(int x) { switch (x) { case 1: g(1); break; default: g(3); } } }";
    let b = "class M { void f(int x) { if (x == 1) { g(1); } else { g(3); } } }";
    assert_eq!(kinds(Language::Java, a), kinds(Language::Java, b));
    let a = "class M { void f(int x) { switch (x) { case 1 -> g(1); default -> g(3); } } }";
    assert_eq!(
        kinds(Language::Java, a),
        kinds(Language::Java, b),
        "arrow cases"
    );
}

#[test]
fn the_order_of_consecutive_declarations_makes_no_difference() {
    let a = "int main() { int n = count(); long total = 0; int best = -1; f(n, total, best); }";
    let b = "int main() { int best = -1;\n long total = 0;\n int n = count(); f(n, total, best); }";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, b));
    let joined = "int main() { int best = -1, n = count(); long total = 0; f(n, total, best); }";
    assert_eq!(kinds(Language::C, a), kinds(Language::C, joined));
    let a =
        "class M { int x = 1; String s = \"a\"; void f() { int i = 0; double d = g(); h(i, d); } }";
    let b =
        "class M { String s = \"a\"; int x = 1; void f() { double d = g(); int i = 0; h(i, d); } }";
    assert_eq!(kinds(Language::Java, a), kinds(Language::Java, b));
    // Statements are not reordered.
    let c = "int main() { f(1); x = 2; }";
    let d = "int main() { x = 2; f(1); }";
    assert_ne!(kinds(Language::C, c), kinds(Language::C, d));
}

#[test]
fn an_if_else_that_assigns_one_variable_is_its_conditional_expression() {
    let a = "class M { int f(int a, int b) { int m; m = a > b ? a : b; return m; } }";
    let b = "class M { int f(int a, int b) { int m; if (a > b) { m = a; } else { m = b; } return m; } }";
    assert_eq!(kinds(Language::Java, a), kinds(Language::Java, b));
    let ternary = "int f(int a, int b) { int m; m = a > b ? a : b; return m; }";
    let b = "int f(int a, int b) { int m; if (a > b) m = a; else m = b; return m; }";
    assert_eq!(kinds(Language::C, ternary), kinds(Language::C, b));
    let a = "def f(a, b):\n    m = a if a > b else b\n    return m\n";
    let b = "def f(a, b):\n    if a > b:\n        m = a\n    else:\n        m = b\n    return m\n";
    assert_eq!(kinds(Language::Python, a), kinds(Language::Python, b));
    // Two different targets stay an if.
    let c = "int f(int a, int b) { int m, n; if (a > b) m = a; else n = b; return m; }";
    assert_ne!(kinds(Language::C, ternary), kinds(Language::C, c));
}
