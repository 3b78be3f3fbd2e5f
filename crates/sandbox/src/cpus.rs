//! The CPU an interactive run's two boxes share (Linux only: sched affinity). Its two
//! programs take turns, so on one CPU neither waits for a wake-up across CPUs, which costs
//! far more; and each run takes the CPU that the fewest
//! interactive runs of this judge hold now, so that two runs at once never share one CPU
//! while another is idle (its box slot breaks ties, which spreads the runs of two judges
//! on one machine). Only the CPUs the judge itself may run on are used.

use std::sync::Mutex;

/// The judge's CPUs, each with how many interactive runs hold it.
#[derive(Debug)]
pub(crate) struct InteractiveCpus(Mutex<Vec<(usize, usize)>>);

/// A CPU held by one interactive run until dropped.
pub(crate) struct CpuClaim<'a> {
    cpus: &'a InteractiveCpus,
    /// The CPU's number.
    pub cpu: usize,
}

impl InteractiveCpus {
    /// The CPUs this process may run on (CPU 0 alone if the set cannot be read).
    pub fn of_this_process() -> InteractiveCpus {
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
        InteractiveCpus(Mutex::new(
            allowed.into_iter().map(|cpu| (cpu, 0)).collect(),
        ))
    }

    /// The CPU the fewest interactive runs hold, held until the claim is dropped. Of
    /// several such, the one `slot` picks (its index modulo their number, else the next
    /// one after it): box slots are numbered across the machine, so the runs of two
    /// judges on one machine, which cannot see each other's claims, still spread.
    pub fn claim(&self, slot: u32) -> CpuClaim<'_> {
        let mut cpus = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let fewest = cpus.iter().map(|(_, runs)| *runs).min().unwrap_or(0);
        let count = cpus.len();
        let index = (0..count)
            .map(|step| (slot as usize + step) % count)
            .find(|&index| cpus[index].1 == fewest)
            .expect("at least one CPU");
        cpus[index].1 += 1;
        CpuClaim {
            cpus: self,
            cpu: cpus[index].0,
        }
    }
}

impl Drop for CpuClaim<'_> {
    fn drop(&mut self) {
        let mut cpus = self.cpus.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = cpus.iter_mut().find(|(cpu, _)| *cpu == self.cpu) {
            entry.1 = entry.1.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_at_once_take_different_cpus_while_there_are_free_ones() {
        let cpus = InteractiveCpus(Mutex::new(vec![(2, 0), (5, 0)]));
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
        let cpus = InteractiveCpus(Mutex::new(vec![(0, 0), (1, 0), (2, 0)]));
        assert_eq!(cpus.claim(4).cpu, 1);
        assert_eq!(cpus.claim(5).cpu, 2);
    }

    #[test]
    fn this_process_has_at_least_one_cpu() {
        let cpus = InteractiveCpus::of_this_process();
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
