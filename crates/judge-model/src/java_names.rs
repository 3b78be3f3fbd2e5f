//! The class names a JVM source needs: javac wants a public top-level class in a file of
//! its name, and `java` must be given the class with the `main` method (with its
//! package). Students name their class `Solution` or after the problem, as other judges
//! allow (Kattis runs the public class with `main`, and a Scala program's object with
//! it: `object Different`), so the judge reads the names from the source instead of
//! requiring `Main`.
//!
//! A scan of the source's tokens, not a parser: comments, strings, text blocks and
//! character literals are skipped, braces counted; a type declared at the top level
//! (`class`, `interface`, `enum`, `record`, Scala's `object`) with `public` among its
//! modifiers is the file's class; one with `void main(` (Scala: `def main(`) directly in
//! its body, or a Scala object that `extends App`, has the entry point. Whatever the scan
//! cannot tell falls back to `Main`, and the compiler's or the JVM's own message then says
//! what is wrong.

/// The names of one Java source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JavaNames {
    /// The class the file must be named after (`Solution` for `Solution.java`).
    pub file_class: String,
    /// The class `java` runs, qualified by the package (`Solution`, `contest.Solution`).
    pub main_class: String,
}

/// The name used when the source names none.
pub const DEFAULT_CLASS: &str = "Main";

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Symbol(char),
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The tokens of Java source text, without comments and literals.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            i += 2;
            while i < chars.len() && !at(i, "*/") {
                i += 1;
            }
            i += 2;
        } else if at(i, "\"\"\"") {
            i += 3;
            while i < chars.len() && !at(i, "\"\"\"") {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 3;
        } else if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c && chars[i] != '\n' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if is_word_char(c) {
            let start = i;
            while i < chars.len() && is_word_char(chars[i]) {
                i += 1;
            }
            out.push(Token::Word(chars[start..i].iter().collect()));
        } else {
            out.push(Token::Symbol(c));
            i += 1;
        }
    }
    out
}

/// One top-level type declaration.
#[derive(Debug)]
struct Declared {
    name: String,
    public: bool,
    has_main: bool,
}

/// Reads the class names of a Java source.
pub fn java_names(source: &str) -> JavaNames {
    let tokens = tokens(source);
    let word = |i: usize| match tokens.get(i) {
        Some(Token::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    let symbol = |i: usize, c: char| tokens.get(i) == Some(&Token::Symbol(c));
    let mut package = None;
    let mut types: Vec<Declared> = Vec::new();
    let mut depth = 0usize;
    // Whether `public` was seen since the last top-level `;` or `}`.
    let mut public = false;
    // The top-level type whose body is open, as an index into `types`.
    let mut open: Option<usize> = None;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Symbol('{') => depth += 1,
            Token::Symbol('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    open = None;
                    public = false;
                }
            }
            Token::Symbol(';') if depth == 0 => public = false,
            Token::Word(w) if depth == 0 && w == "package" && package.is_none() => {
                let mut name = String::new();
                let mut k = i + 1;
                while let Some(part) = word(k) {
                    name.push_str(part);
                    if symbol(k + 1, '.') {
                        name.push('.');
                        k += 2;
                    } else {
                        k += 1;
                        break;
                    }
                }
                package = Some(name);
                i = k;
                continue;
            }
            Token::Word(w) if depth == 0 && w == "public" => public = true,
            Token::Word(w)
                if depth == 0
                    && matches!(
                        w.as_str(),
                        "class" | "interface" | "enum" | "record" | "object"
                    )
                    && !symbol(i.wrapping_sub(1), '.') =>
            {
                if let Some(name) = word(i + 1) {
                    // A Scala `object X extends App { ... }`: its body is the program.
                    let header = tokens[i + 2..]
                        .iter()
                        .take_while(|t| !matches!(t, Token::Symbol('{') | Token::Symbol(';')));
                    let extends_app = w == "object"
                        && header.clone().any(|t| t == &Token::Word("App".to_string()))
                        && header
                            .clone()
                            .any(|t| t == &Token::Word("extends".to_string()));
                    types.push(Declared {
                        name: name.to_string(),
                        public,
                        has_main: extends_app,
                    });
                    open = Some(types.len() - 1);
                    i += 2;
                    continue;
                }
            }
            Token::Word(w)
                if depth == 1
                    && w == "main"
                    && matches!(word(i.wrapping_sub(1)), Some("void" | "def")) =>
            {
                if let (Some(index), true) = (open, symbol(i + 1, '(')) {
                    types[index].has_main = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let public_type = types.iter().find(|t| t.public);
    let with_main = public_type
        .filter(|t| t.has_main)
        .or_else(|| types.iter().find(|t| t.has_main));
    let file_class = public_type
        .or(with_main)
        .map_or(DEFAULT_CLASS, |t| t.name.as_str())
        .to_string();
    let main_class = with_main.map_or(file_class.as_str(), |t| t.name.as_str());
    let main_class = match package.filter(|p| !p.is_empty()) {
        Some(package) => format!("{package}.{main_class}"),
        None => main_class.to_string(),
    };
    JavaNames {
        file_class,
        main_class,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(source: &str) -> (String, String) {
        let names = java_names(source);
        (names.file_class, names.main_class)
    }

    fn pair(file: &str, main: &str) -> (String, String) {
        (file.to_string(), main.to_string())
    }

    #[test]
    fn a_scala_object_with_main_or_extending_app_is_the_one_to_run() {
        let kattis = "import scala.io.StdIn\n// object Main in a comment\nobject Different {\n  def main(args: Array[String]): Unit = {\n    println(\"}\")\n  }\n}\n";
        assert_eq!(names(kattis).1, "Different");
        let app = "case class Point(x: Int)\nobject Solve extends App {\n  println(1)\n}\n";
        assert_eq!(names(app).1, "Solve");
        let packaged = "package contest\nclass Helper { def main2(): Unit = () }\nobject Runner {\n  def main(args: Array[String]): Unit = ()\n}\n";
        assert_eq!(names(packaged).1, "contest.Runner");
        // No object with an entry point: Main, and the JVM says what is missing.
        assert_eq!(names("object Tools { def add(a: Int) = a }\n").1, "Main");
    }

    #[test]
    fn the_public_class_with_main_names_the_file_and_the_run() {
        let source = "import java.util.*;\npublic class Solution {\n  public static void main(String[] args) {}\n}\n";
        assert_eq!(names(source), pair("Solution", "Solution"));
        assert_eq!(
            names("public final class Main { static public void main(String... a) {} }"),
            pair("Main", "Main")
        );
    }

    #[test]
    fn helpers_and_nested_classes_do_not_confuse_it() {
        let source = r#"
            class Edge { int to; void main() {} }
            // public class Commented { public static void main(String[] a) {} }
            /* public class Blocked {} */
            public class Maze {
                static class Inner { public static void main(String[] a) {} }
                static String s = "public class InString { void main(";
                static char brace = '{';
                static String block = """
                    } public class InBlock {
                    """;
                public static void main(String[] args) { int[] a = new int[]{1}; Object o = Maze.class; }
            }
            enum Colour { RED, GREEN }
        "#;
        assert_eq!(names(source), pair("Maze", "Maze"));
    }

    #[test]
    fn a_public_class_without_main_names_the_file_only() {
        let source =
            "public class Library { }\nclass Runner { public static void main(String[] a) {} }";
        assert_eq!(names(source), pair("Library", "Runner"));
    }

    #[test]
    fn no_public_class_runs_the_one_with_main() {
        assert_eq!(
            names("class Solve { public static void main(String[] a) {} }"),
            pair("Solve", "Solve")
        );
        assert_eq!(
            names("record Point(int x) { public static void main(String[] a) {} }"),
            pair("Point", "Point")
        );
    }

    #[test]
    fn a_package_qualifies_the_class_run() {
        let source = "package contest.week1;\n@SuppressWarnings(\"all\")\npublic class A { public static void main(String[] a) {} }";
        assert_eq!(names(source), pair("A", "contest.week1.A"));
    }

    #[test]
    fn what_it_cannot_tell_falls_back_to_main() {
        assert_eq!(names(""), pair("Main", "Main"));
        assert_eq!(names("int x = ;"), pair("Main", "Main"));
        assert_eq!(names("public class"), pair("Main", "Main"));
        assert_eq!(names("/* unterminated"), pair("Main", "Main"));
        assert_eq!(
            names("public class 解答 { public static void main(String[] a) {} }"),
            pair("解答", "解答")
        );
    }
}
