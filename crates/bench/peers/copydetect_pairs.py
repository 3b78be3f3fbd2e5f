"""copydetect's similarity of every pair of each class, for `bench similarity`
(crates/bench/src/similarity/peers.rs), with copydetect's default settings (noise and
guarantee thresholds 25: k-grams of 25 characters, every one kept).

    PEERS_DIR/copydetect-venv/bin/python copydetect_pairs.py < classes.json > pairs.json

classes.json is a list of classes, each a list of file paths; pairs.json is, per class, a
list of [i, j, similarity], the similarity being the mean of the two files' shares that
overlap (copydetect reports one share per direction), as {"version": ..., "pairs": [...]}.
"""

import importlib.metadata
import json
import sys

from copydetect import CodeFingerprint, compare_files
from copydetect import defaults

K = defaults.NOISE_THRESHOLD
WINDOW = defaults.GUARANTEE_THRESHOLD - defaults.NOISE_THRESHOLD + 1


def main():
    classes = json.load(sys.stdin)
    result = []
    for files in classes:
        prints = [CodeFingerprint(f, K, WINDOW) for f in files]
        pairs = []
        for i in range(len(files)):
            for j in range(i + 1, len(files)):
                _, (share_i, share_j), _ = compare_files(prints[i], prints[j])
                pairs.append([i, j, (float(share_i) + float(share_j)) / 2])
        result.append(pairs)
    version = importlib.metadata.version("copydetect")
    json.dump({"version": version, "pairs": result}, sys.stdout)


main()
