// Touches MIB mebibytes (one write per 4 KiB page of a Vec), then prints its own peak
// resident size (VmHWM):   ./main MIB  ->  self_peak_kib=68000
fn main() {
    let mib: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let bytes = mib << 20;
    let mut block = vec![0u8; bytes];
    let mut i = 0;
    while i < bytes {
        block[i] = 1;
        i += 4096;
    }
    std::hint::black_box(&block);
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines() {
        if let Some(rest) = line.strip_prefix("VmHWM:") {
            let kib: u64 = rest.trim().trim_end_matches("kB").trim().parse().unwrap_or(0);
            println!("self_peak_kib={kib}");
        }
    }
}
