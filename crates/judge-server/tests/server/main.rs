//! The web server's integration tests, in one test binary so that the shared helpers
//! (common/) are checked for dead code like any other code, and linked once.
//! scale_out.rs runs the server and judge workers as processes on PostgreSQL.

mod common;

mod backups;
mod browser;
mod browser_import;
mod http_accounts;
mod http_api;
mod http_auth;
mod http_charts;
mod http_clarifications;
mod http_contests;
mod http_course;
mod http_course_edit;
mod http_dashboard;
mod http_grades;
mod http_hardening;
mod http_i18n;
mod http_import;
mod http_interactive;
mod http_judging;
mod http_live;
mod http_metrics;
mod http_pages;
mod http_pictures;
mod http_result_pages;
mod http_samples;
mod http_scoreboard;
mod http_self_test;
mod http_similarity;
mod http_statements;
mod http_submit;
mod http_time_limit;
mod http_untranslated;
mod http_workers;
mod scale_out;
mod serve_process;
