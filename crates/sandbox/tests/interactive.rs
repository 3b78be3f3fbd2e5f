//! Two programs in two boxes, talking through pipes from one box to the other
//! (`SandboxBox::run_interactive`): each keeps its own limits and measurement, a flood is
//! held back by its reader, a rejection by the second stops the first, a deadlock ends at
//! the wall clock, a forked child cannot keep the pipes open, and which ended first is
//! told by cause. With whatever backend this machine offers.

mod common;

use sandbox::{Outcome, Sandbox, SandboxBox, Termination};
use std::time::{Duration, Instant};

/// The "interactor": asks `ROUNDS` questions (a number), expects the number plus one back,
/// exits 0 if all were right and 1 otherwise, or 2 when the other side went quiet.
const ASKER: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    for (int i = 0; i < rounds; i++) {
        printf("%d\n", i);
        fflush(stdout);
        int got;
        if (scanf("%d", &got) != 1) return 2;
        if (got != i + 1) return 1;
    }
    return 0;
}
"#;

/// A program of the first box that answers correctly.
const ANSWERER: &str = r#"
#include <stdio.h>
int main(void) {
    int x;
    while (scanf("%d", &x) == 1) { printf("%d\n", x + 1); fflush(stdout); }
    return 0;
}
"#;

/// Compiles `source` into a fresh box.
fn boxed<'a>(sandbox: &'a Sandbox, source: &str) -> SandboxBox<'a> {
    let boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), source);
    boxed
}

/// Runs `first` against `second` (with `args` for the second), the second accepting
/// with exit 0.
fn talk(first: &str, second: &str, args: &[&str], cpu_ms: u64) -> ([Outcome; 2], bool, Duration) {
    let sandbox = common::sandbox();
    let mut a = boxed(&sandbox, first);
    let mut b = boxed(&sandbox, second);
    let scratch = tempfile::tempdir().unwrap();
    let mut limits = common::limits(cpu_ms, 64);
    limits.wall_time = Duration::from_millis(cpu_ms * 3);
    limits.output_bytes = 1 << 20;
    let spec_a = common::spec(scratch.path(), limits.clone());
    let mut spec_b = common::spec(scratch.path(), common::limits(5000, 64));
    spec_b.argv.extend(args.iter().map(|arg| arg.to_string()));
    let started = Instant::now();
    let interaction = a
        .run_interactive(&spec_a, &mut b, &spec_b, &|status| {
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
        })
        .unwrap();
    (
        [interaction.program, interaction.partner],
        interaction.partner_ended_first,
        started.elapsed(),
    )
}

#[test]
fn a_conversation_runs_to_its_end() {
    let ([first, second], second_first, _) = talk(ANSWERER, ASKER, &["2000"], 2000);
    assert_eq!(
        (second.termination, second.exit_code),
        (Termination::Exited, Some(0)),
        "{second:?}"
    );
    // The answerer ends on the end of its input, after the asker's.
    assert_eq!(
        (first.termination, first.exit_code),
        (Termination::Exited, Some(0)),
        "{first:?}"
    );
    assert!(second_first);
}

#[test]
fn a_flood_through_the_pipe_is_held_back_by_its_reader() {
    // What goes through the pipe is not kept (the reader takes it as it comes), so it has
    // no output limit: the reader's pace holds the flood back, and its own CPU limit ends
    // it. The reader's CPU is its own.
    let flood = "#include <stdio.h>\nint main(void){for(;;)fputs(\"123456789\\n\",stdout);}";
    let reader = "#include <stdio.h>\nint main(void){char b[4096];while(fread(b,1,sizeof b,stdin)>0);return 0;}";
    let ([first, second], _, _) = talk(flood, reader, &[], 1000);
    assert_eq!(first.termination, Termination::CpuTimeLimit, "{first:?}");
    assert!(first.cpu_time >= Duration::from_secs(1), "{first:?}");
    // The reader heard the end when the flood was stopped.
    assert_eq!(second.exit_code, Some(0), "{second:?}");
}

#[test]
fn a_rejection_stops_the_first_program_at_once() {
    let wrong = "#include <stdio.h>\nint main(void){int x;scanf(\"%d\",&x);printf(\"%d\\n\",x+7);fflush(stdout);for(;;);}";
    let ([first, second], second_first, took) = talk(wrong, ASKER, &["5"], 3000);
    assert_eq!(second.exit_code, Some(1), "{second:?}");
    assert!(second_first, "the rejection came first");
    assert_eq!(first.termination, Termination::Stopped, "{first:?}");
    assert!(
        took < Duration::from_secs(2),
        "the spinner ran on: {took:?}"
    );
}

#[test]
fn a_deadlock_ends_at_the_first_programs_wall_clock() {
    let silent = "#include <stdio.h>\nint main(void){int x;scanf(\"%d\",&x);return 0;}";
    let waiter =
        "#include <stdio.h>\nint main(void){int x;if(scanf(\"%d\",&x)!=1)return 2;return 0;}";
    let ([first, second], second_first, took) = talk(silent, waiter, &[], 500);
    assert_eq!(first.termination, Termination::WallTimeLimit, "{first:?}");
    assert!(!second_first, "the wall clock came first");
    assert!(first.cpu_time < Duration::from_millis(100));
    // The second then hears the end of its input.
    assert_eq!(second.exit_code, Some(2), "{second:?}");
    assert!(took < Duration::from_secs(4), "{took:?}");
}

#[test]
fn a_forked_child_cannot_keep_the_pipes_open() {
    let forker = r#"
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) { for (;;) pause(); }
    return 0;
}
"#;
    let ([first, second], _, took) = talk(forker, ASKER, &["3"], 3000);
    assert_eq!(first.exit_code, Some(0), "{first:?}");
    assert_eq!(
        second.exit_code,
        Some(2),
        "the asker heard the end: {second:?}"
    );
    let isolated = first.isolated;
    if isolated {
        assert!(
            took < Duration::from_secs(3),
            "waited for the child: {took:?}"
        );
    }
}

#[test]
fn each_box_pays_for_its_own_cpu() {
    let slow_asker = r#"
#include <stdio.h>
int main(void) {
    volatile unsigned long spin = 0;
    for (unsigned long i = 0; i < 1500000000UL; i++) spin++;
    printf("1\n"); fflush(stdout);
    int got; if (scanf("%d", &got) != 1) return 2;
    return got == 2 ? 0 : 1;
}
"#;
    let ([first, second], _, _) = talk(ANSWERER, slow_asker, &[], 3000);
    assert_eq!(second.exit_code, Some(0), "{second:?}");
    assert!(second.cpu_time > Duration::from_millis(200), "{second:?}");
    assert!(
        first.cpu_time < Duration::from_millis(50),
        "the second's CPU was charged to the first: {first:?}"
    );
}

/// A program that fails when it hears the end of its input.
const FAILS_AT_THE_END: &str =
    "#include <stdio.h>\nint main(void){int x;if(scanf(\"%d\",&x)!=1)return 3;return 0;}";

/// Runs `FAILS_AT_THE_END` against `partner` 40 times; returns the rounds in which the
/// partner was taken to end first.
fn who_ended_first(partner: &str) -> Vec<usize> {
    let sandbox = common::sandbox();
    let mut a = boxed(&sandbox, FAILS_AT_THE_END);
    let mut b = boxed(&sandbox, partner);
    let scratch = tempfile::tempdir().unwrap();
    let spec_a = common::spec(scratch.path(), common::limits(2000, 64));
    let spec_b = common::spec(scratch.path(), common::limits(2000, 64));
    let mut partner_first = Vec::new();
    for round in 0..40 {
        let interaction = a
            .run_interactive(&spec_a, &mut b, &spec_b, &|status| {
                libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
            })
            .unwrap();
        assert_eq!(interaction.partner.exit_code, Some(1), "{interaction:?}");
        // Stopped by the rejection, or already ended by itself on hearing the end.
        let program = &interaction.program;
        assert!(
            program.termination == Termination::Stopped || program.exit_code == Some(3),
            "{interaction:?}"
        );
        if interaction.partner_ended_first {
            partner_first.push(round);
        }
    }
    partner_first
}

/// An interactor that rejects at once, and a program that fails on hearing the end of its
/// input: the rejection came first every time, though the program's end can reach the
/// judge first (an exit closes the output before the parent hears of it).
#[test]
fn a_rejection_comes_before_the_failure_it_causes() {
    let partner_first = who_ended_first("int main(void){return 1;}");
    assert_eq!(partner_first, (0..40).collect::<Vec<_>>());
}

/// An interactor that closes its output at once but waits for an answer: the program's
/// failure on the end of its input came first every time.
#[test]
fn a_failure_comes_before_the_rejection_it_causes() {
    let one_shot = "#include <stdio.h>\n#include <unistd.h>\n\
        int main(void){close(1);int x;if(scanf(\"%d\",&x)!=1)return 1;return x==42?0:1;}";
    assert_eq!(who_ended_first(one_shot), Vec::<usize>::new());
}

/// A program that exits at once (42, the Kattis code for "accepted", as a hostile
/// submission may), against an interactor that rejects when its input ends: the program
/// ended first every time, even when it is gone before the interactor's init has started
/// the interactor (the verdict must not depend on scheduling).
#[test]
fn a_program_that_exits_before_its_interactor_starts_ended_first() {
    let sandbox = common::sandbox();
    let mut a = boxed(&sandbox, "int main(void){return 42;}");
    let mut b = boxed(
        &sandbox,
        "#include <stdio.h>\nint main(void){printf(\"1\\n\");fflush(stdout);int x;return scanf(\"%d\",&x)==1?0:1;}",
    );
    let scratch = tempfile::tempdir().unwrap();
    let spec_a = common::spec(scratch.path(), common::limits(2000, 64));
    let spec_b = common::spec(scratch.path(), common::limits(2000, 64));
    let mut partner_first = Vec::new();
    for round in 0..200 {
        let interaction = a
            .run_interactive(&spec_a, &mut b, &spec_b, &|status| {
                libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
            })
            .unwrap();
        assert_eq!(interaction.program.exit_code, Some(42), "{interaction:?}");
        assert_eq!(interaction.partner.exit_code, Some(1), "{interaction:?}");
        if interaction.partner_ended_first {
            partner_first.push(round);
        }
    }
    assert_eq!(partner_first, Vec::<usize>::new());
}
