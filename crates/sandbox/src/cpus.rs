//! The CPU an interactive run's two boxes share (Linux only: sched affinity). Its two
//! programs take turns, so on one CPU neither waits for a wake-up across CPUs, which costs
//! far more. Each run takes a CPU that no interactive run of any judge on the machine
//! holds, if there is one: a CPU is held with an exclusive `flock` on
//! `<lock dir>/cpu-<n>.lock`, as box slots are (see `slots`). When every CPU is held,
//! it shares the one that the fewest interactive runs of this judge hold (its box slot
//! breaks ties). Only the CPUs the judge itself may run on are used.

use std::fs::File;
use std::path::PathBuf;
use std::sync::Mutex;

/// The judge's CPUs, each with how many of its interactive runs hold it, and where the
/// machine's CPU locks are.
#[derive(Debug)]
pub(crate) struct InteractiveCpus {
    counts: Mutex<Vec<(usize, usize)>>,
    lock_dir: PathBuf,
}

/// A CPU held by one interactive run until dropped.
pub(crate) struct CpuClaim<'a> {
    cpus: &'a InteractiveCpus,
    /// The CPU's number.
    pub cpu: usize,
    /// The CPU's machine-wide lock, when the run has the CPU to itself.
    _lock: Option<File>,
}

impl InteractiveCpus {
    /// The CPUs this process may run on (CPU 0 alone if the set cannot be read), locked
    /// in `lock_dir`.
    pub fn of_this_process(lock_dir: PathBuf) -> InteractiveCpus {
        let mut allowed = Vec::new();
        // SAFETY: an all-zero cpu_set_t is valid; the call gets a set of its size.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) == 0 {
                allowed
                    .extend((0..libc::CPU_SETSIZE as usize).filter(|&c| libc::CPU_ISSET(c, &set)));
            }
        }
        if allowed.is_empty() {
            allowed.push(0);
        }
        InteractiveCpus::of(allowed, lock_dir)
    }

    fn of(cpus: Vec<usize>, lock_dir: PathBuf) -> InteractiveCpus {
        InteractiveCpus {
            counts: Mutex::new(cpus.into_iter().map(|cpu| (cpu, 0)).collect()),
            lock_dir,
        }
    }

    /// A CPU for one run, held until the claim is dropped: the first CPU, from the one
    /// `slot` picks (its index modulo their number) on, that no interactive run on the
    /// machine holds; else the one the fewest of this judge's runs hold, of several such
    /// the first from the one `slot` picks on.
    pub fn claim(&self, slot: u32) -> CpuClaim<'_> {
        let mut cpus = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let count = cpus.len();
        let order: Vec<usize> = (0..count)
            .map(|step| (slot as usize + step) % count)
            .collect();
        let free = order.iter().find_map(|&index| {
            let (cpu, runs) = cpus[index];
            (runs == 0)
                .then(|| self.lock(cpu))
                .flatten()
                .map(|lock| (index, lock))
        });
        let (index, lock) = match free {
            Some((index, lock)) => (index, Some(lock)),
            None => {
                let fewest = cpus.iter().map(|(_, runs)| *runs).min().unwrap_or(0);
                let index = order
                    .into_iter()
                    .find(|&index| cpus[index].1 == fewest)
                    .expect("at least one CPU");
                (index, None)
            }
        };
        cpus[index].1 += 1;
        CpuClaim {
            cpus: self,
            cpu: cpus[index].0,
            _lock: lock,
        }
    }

    /// The machine-wide lock of `cpu`, if no one holds it (and it can be made at all).
    fn lock(&self, cpu: usize) -> Option<File> {
        std::fs::create_dir_all(&self.lock_dir).ok()?;
        crate::slots::try_lock(&self.lock_dir.join(format!("cpu-{cpu}.lock")))
            .ok()
            .flatten()
    }
}

impl Drop for CpuClaim<'_> {
    fn drop(&mut self) {
        let mut cpus = self.cpus.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = cpus.iter_mut().find(|(cpu, _)| *cpu == self.cpu) {
            entry.1 = entry.1.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(cpus: &[usize], locks: &tempfile::TempDir) -> InteractiveCpus {
        InteractiveCpus::of(cpus.to_vec(), locks.path().to_path_buf())
    }

    #[test]
    fn runs_at_once_take_different_cpus_while_there_are_free_ones() {
        let locks = tempfile::tempdir().unwrap();
        let cpus = judge(&[2, 5], &locks);
        // Slots 0 and 2 both pick the first CPU: the second run takes the free one.
        let first = cpus.claim(0);
        let second = cpus.claim(2);
        assert_eq!((first.cpu, second.cpu), (2, 5));
        let third = cpus.claim(1);
        assert_eq!(third.cpu, 5, "all busy: the one the slot picks");
        drop(first);
        drop(third);
        // CPU 2 is free again, CPU 5 still held.
        assert_eq!(cpus.claim(1).cpu, 2);
        drop(second);
    }

    #[test]
    fn a_slot_picks_among_free_cpus() {
        let locks = tempfile::tempdir().unwrap();
        let cpus = judge(&[0, 1, 2], &locks);
        assert_eq!(cpus.claim(4).cpu, 1);
        assert_eq!(cpus.claim(5).cpu, 2);
    }

    #[test]
    fn two_judges_on_one_machine_see_each_others_runs() {
        let locks = tempfile::tempdir().unwrap();
        let (one, other) = (judge(&[0, 1], &locks), judge(&[0, 1], &locks));
        // Both slots pick CPU 0; the other judge's run finds it held.
        let first = one.claim(0);
        let second = other.claim(2);
        assert_eq!((first.cpu, second.cpu), (0, 1));
        // Every CPU held: a run shares the one the fewest of its own judge's runs hold.
        let third = one.claim(0);
        assert_eq!(third.cpu, 1, "this judge holds CPU 0 already");
        drop(third);
        // A CPU is free again for the machine once its run is over.
        drop(first);
        assert_eq!(other.claim(1).cpu, 0);
        drop(second);
    }

    #[test]
    fn this_process_has_at_least_one_cpu() {
        let locks = tempfile::tempdir().unwrap();
        let cpus = InteractiveCpus::of_this_process(locks.path().to_path_buf());
        let claim = cpus.claim(7);
        // SAFETY: reading this thread's set into a zeroed one.
        let allowed = unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set);
            libc::CPU_ISSET(claim.cpu, &set)
        };
        assert!(allowed, "CPU {} is not one this process may use", claim.cpu);
    }
}
