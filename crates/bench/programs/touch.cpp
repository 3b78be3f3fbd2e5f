// Touches MIB mebibytes (one write per 4 KiB page of a new[]'d block), then prints its own
// peak resident size (VmHWM):   ./main MIB  ->  self_peak_kib=68000
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
    std::size_t bytes = static_cast<std::size_t>(argc > 1 ? std::atol(argv[1]) : 0) << 20;
    volatile char *block = bytes ? new char[bytes] : nullptr;
    for (std::size_t i = 0; i < bytes; i += 4096) block[i] = 1;
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) std::cout << "self_peak_kib=" << std::atol(line.c_str() + 6) << "\n";
    return 0;
}
