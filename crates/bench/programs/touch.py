# Touches MIB mebibytes (one write per 4 KiB page of a bytearray), then prints its own peak
# resident size:   python3 main.py MIB  ->  self_peak_kib=68000
import resource
import sys

size = (int(sys.argv[1]) if len(sys.argv) > 1 else 0) << 20
block = bytearray(size)
for i in range(0, size, 4096):
    block[i] = 1
print("self_peak_kib=%d" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
