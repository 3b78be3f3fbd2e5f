//! The machine a benchmark ran on: kernel, cores, CPU model, load, memory, and what makes
//! timings on it unreliable.

use serde::{Deserialize, Serialize};

/// What is known about the machine at the start of a benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// `uname -srvm`.
    pub uname: String,
    /// Online cores (`nproc`).
    pub cores: usize,
    /// The CPU's model name from /proc/cpuinfo.
    pub cpu_model: String,
    /// The 1, 5 and 15 minute load averages.
    pub load_average: [f64; 3],
    /// Total memory in MiB.
    pub memory_mib: u64,
    /// The local time the reading was taken (`date -Is`).
    pub taken_at: String,
}

fn run(program: &str, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// The 1, 5 and 15 minute load averages from /proc/loadavg (zeros if unreadable).
pub fn load_average() -> [f64; 3] {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut values = text.split_whitespace().map(|v| v.parse().unwrap_or(0.0));
    [
        values.next().unwrap_or(0.0),
        values.next().unwrap_or(0.0),
        values.next().unwrap_or(0.0),
    ]
}

/// Reads the machine's description now.
pub fn describe() -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu_model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let memory_kib: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    Machine {
        uname: run("uname", &["-srvm"]),
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        cpu_model,
        load_average: load_average(),
        memory_mib: memory_kib / 1024,
        taken_at: run("date", &["-Is"]),
    }
}

impl Machine {
    /// One line: `Linux 6.1 x86_64, 2 cores (AMD EPYC), 4 GiB, load 0.52 0.70 0.81`.
    pub fn line(&self) -> String {
        format!(
            "{}; {} cores ({}); {} MiB; load average {:.2} {:.2} {:.2} at {}",
            self.uname,
            self.cores,
            self.cpu_model,
            self.memory_mib,
            self.load_average[0],
            self.load_average[1],
            self.load_average[2],
            self.taken_at
        )
    }
}
