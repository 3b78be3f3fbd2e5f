//! Which test runs next, and which are skipped and why: decided in one place, for judging
//! in order, on several boxes at once, and for the replay that keeps of a parallel run
//! exactly what judging in order would have kept.
//!
//! A test is skipped when judging it can no longer change the result: after a failure
//! when judging stops at the first one (a student's check, ICPC's lazy evaluation), or
//! when every subtask that holds it already has a failed test (lazy subtasks, as DMOJ's
//! short-circuit batches). Only failures of tests *before* it count, so a plan that knows
//! fewer failures (a worker of a parallel run) skips fewer tests, never more: every test
//! that judging in order runs is run.

/// Why a test is not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// An earlier test failed, and judging stops at the first failure.
    AfterFirstFailure,
    /// Every subtask that holds it already has a failed test.
    SubtasksFailed,
}

/// The plan's next step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Run this test.
    Run(usize),
    /// This test is not run, for this reason.
    Skip(usize, Skip),
}

/// The tests of one submission, in order, with what is known of their outcomes.
#[derive(Debug, Clone)]
pub struct TestPlan<'a> {
    /// Subtasks judged lazily, as lists of test indices.
    groups: &'a [Vec<usize>],
    stop_at_first_failure: bool,
    /// Which tests are known to have failed.
    failed: Vec<bool>,
    /// The next test to decide on.
    next: usize,
}

impl<'a> TestPlan<'a> {
    /// A plan for `count` tests; `groups` are the lazily judged subtasks (empty: none).
    pub fn new(count: usize, groups: &'a [Vec<usize>], stop_at_first_failure: bool) -> Self {
        TestPlan {
            groups,
            stop_at_first_failure,
            failed: vec![false; count],
            next: 0,
        }
    }

    /// The next test to run or to skip, in order; `None` when every test is decided.
    pub fn next_step(&mut self) -> Option<Step> {
        let index = self.next;
        if index >= self.failed.len() {
            return None;
        }
        self.next += 1;
        Some(match self.skipped(index) {
            Some(why) => Step::Skip(index, why),
            None => Step::Run(index),
        })
    }

    /// The next test to run, passing over those skipped.
    pub fn next_to_run(&mut self) -> Option<usize> {
        loop {
            match self.next_step()? {
                Step::Run(index) => return Some(index),
                Step::Skip(..) => continue,
            }
        }
    }

    /// Records that test `index` passed or failed.
    pub fn record(&mut self, index: usize, passed: bool) {
        if let Some(failed) = self.failed.get_mut(index) {
            *failed = !passed;
        }
    }

    /// Hands out nothing more (a judging error ended the run).
    pub fn stop(&mut self) {
        self.next = self.failed.len();
    }

    /// Why test `index` is not run, given the failures recorded before it.
    pub fn skipped(&self, index: usize) -> Option<Skip> {
        let failed_before = |i: usize| i < index && self.failed[i];
        if self.stop_at_first_failure && (0..index).any(failed_before) {
            return Some(Skip::AfterFirstFailure);
        }
        let mut holding = self
            .groups
            .iter()
            .filter(|group| group.contains(&index))
            .peekable();
        let decided = holding.peek().is_some()
            && holding.all(|group| group.iter().any(|&i| failed_before(i)));
        decided.then_some(Skip::SubtasksFailed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps of a plan whose tests fail as `fails` says, judged in order.
    fn steps(count: usize, groups: &[Vec<usize>], stop: bool, fails: &[usize]) -> Vec<Step> {
        let mut plan = TestPlan::new(count, groups, stop);
        let mut seen = Vec::new();
        while let Some(step) = plan.next_step() {
            if let Step::Run(index) = step {
                plan.record(index, !fails.contains(&index));
            }
            seen.push(step);
        }
        seen
    }

    #[test]
    fn a_failed_subtask_skips_its_later_tests_only() {
        // Tests 0..6; subtask A = {0, 1, 2}, B = {2, 3, 4}; test 5 in none.
        let groups = vec![vec![0, 1, 2], vec![2, 3, 4]];
        assert_eq!(
            steps(6, &groups, false, &[1, 3]),
            [
                Step::Run(0),
                Step::Run(1),
                Step::Run(2),
                Step::Run(3),
                Step::Skip(4, Skip::SubtasksFailed),
                Step::Run(5),
            ],
            "test 2 still decides subtask B; 4's subtask failed; 5 is in none"
        );
    }

    #[test]
    fn the_first_failure_stops_the_rest() {
        assert_eq!(
            steps(4, &[], true, &[1]),
            [
                Step::Run(0),
                Step::Run(1),
                Step::Skip(2, Skip::AfterFirstFailure),
                Step::Skip(3, Skip::AfterFirstFailure),
            ]
        );
        assert!(steps(3, &[], false, &[0])
            .iter()
            .all(|s| matches!(s, Step::Run(_))));
    }

    #[test]
    fn a_plan_that_knows_fewer_failures_skips_fewer_tests() {
        // A worker that has not heard of test 1's failure yet runs test 4; the replay in
        // order then skips it.
        let groups = vec![vec![0, 1, 4]];
        let mut worker = TestPlan::new(5, &groups, false);
        assert_eq!(worker.next_to_run(), Some(0));
        assert_eq!(worker.next_to_run(), Some(1));
        assert_eq!(worker.next_to_run(), Some(2));
        assert_eq!(worker.next_to_run(), Some(3));
        assert_eq!(worker.next_to_run(), Some(4));
        let mut replay = worker.clone();
        replay.next = 0;
        replay.record(1, false);
        let order: Vec<Step> = std::iter::from_fn(|| replay.next_step()).collect();
        assert_eq!(order[4], Step::Skip(4, Skip::SubtasksFailed));
    }
}
