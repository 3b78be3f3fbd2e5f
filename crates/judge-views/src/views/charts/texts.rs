//! The charts page's texts, English and Chinese, shared by the page, its pictures and
//! its tables.

judge_i18n::texts! {
    /// Texts of the charts page.
    pub struct ChartTexts {
        title => "Charts", "图表";
        intro => "The class at a glance: the students' submissions (teachers' are left out), the scoreboard's points and the gradebook's. Each chart's numbers are in the table beside it and in its CSV file.",
            "全班概览：学生的提交（不含教师的提交）、排行榜的分数和成绩册的分数。每张图的数据都在旁边的表格和对应的 CSV 文件中。";
        contest => "Contest", "比赛";
        problem => "Problem", "题目";
        all_problems => "All problems", "全部题目";
        download => "Download CSV", "下载 CSV";
        nothing_yet => "No submissions yet.", "还没有提交。";
        not_drawn => "This chart could not be drawn; its numbers are in the table.", "此图无法绘制；数据见表格。";
        verdicts_title => "Verdicts over the class", "全班的评测结果";
        verdicts_hint => "Judged submissions by verdict, with how many students had each.", "按评测结果统计的已评提交，以及得到该结果的学生人数。";
        pending(count: usize) => "{count} not judged yet (not counted).", "{count} 次提交尚未评完（不计入）。";
        verdict => "Verdict", "结果";
        attempts => "Submissions", "提交次数";
        students => "Students", "学生人数";
        tests_title => "The tests students fail most", "学生最常失败的测试点";
        tests_hint => "One row per problem, one cell per test in the order they run: the darker, the larger the share of the submissions that ran the test and failed it. Under each row, the test failed most.",
            "每行一道题，每格一个测试点（按运行顺序）：颜色越深，运行该测试点的提交中失败的比例越大。每行下方是失败最多的测试点。";
        most_failed(name: &str, share: &str) => "failed most: {name} ({share} of the submissions that ran it)", "失败最多：{name}（运行它的提交中 {share} 失败）";
        none_failed => "no test failed", "没有失败的测试点";
        test => "Test", "测试点";
        ran => "Ran it", "运行次数";
        failed => "Failed it", "失败次数";
        students_failed => "Students who failed it", "失败过的学生";
        share_failed => "Share failed", "失败比例";
        timeline_title => "Submissions over time", "提交随时间的分布";
        timeline_hint(step: &str) => "Submissions per {step} from the contest's start (accepted ones in green); the red line is the deadline.",
            "从比赛开始起每 {step} 的提交数（通过的为绿色）；红线是截止时间。";
        no_deadline => "This contest has no end.", "本场比赛没有结束时间。";
        deadline => "deadline", "截止";
        deadline_is => "Deadline: ", "截止时间：";
        hours_since_start => "hours since the start", "距开始的小时数";
        from => "From (UTC)", "起始（UTC）";
        accepted => "Accepted", "通过";
        minute => "minute", "分钟";
        hour => "hour", "小时";
        day => "day", "天";
        step_minutes(n: i64) => "{n} minutes", "{n} 分钟";
        step_hours(n: i64) => "{n} hours", "{n} 小时";
        step_days(n: i64) => "{n} days", "{n} 天";
        scores_title => "Score distribution", "分数分布";
        scores_hint(max: &str) => "Students by the scoreboard's points, in ten equal bins from 0 to {max}, the most there is to earn.",
            "按排行榜分数统计的学生人数，从 0 到满分 {max} 分为十个等宽区间。";
        points => "Points", "分数";
        bin(from: &str, to: &str) => "{from} to {to}", "{from} 至 {to}";
        progress_title => "Progress across the course", "整个课程的进度";
        progress_hint => "Each student's points in each contest of the course, as the gradebook counts them (late rule applied); the darker, the closer to the contest's maximum. It is the whole course's, whatever contest or problem is chosen above.",
            "每个学生在课程各场比赛中的得分（按成绩册计算，已折算迟交）；颜色越深，越接近该场满分。这是整个课程的数据，与上面所选的比赛或题目无关。";
        student => "Student", "学生";
        out_of(max: &str) => "of {max}", "满分 {max}";
        no_students => "No students yet.", "还没有学生。";
    }
}
