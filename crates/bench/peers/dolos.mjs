// Dolos's similarity of every pair of each class, for `bench similarity`
// (crates/bench/src/similarity/peers.rs), with Dolos's default settings.
//
//   node dolos.mjs PEERS_DIR < classes.json > pairs.json
//
// PEERS_DIR is where scripts/setup-similarity-peers installed it; classes.json is a list
// of classes, each a list of file paths (one language per class); pairs.json is, per
// class, a list of [i, j, similarity] (indices into the class's list; pairs Dolos does
// not list share nothing), as {"version": ..., "pairs": [...]}.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const peers = process.argv[2];
if (!peers) {
  console.error("usage: node dolos.mjs PEERS_DIR < classes.json");
  process.exit(2);
}
const entry = join(peers, "dolos/node_modules/@dodona/dolos-lib/dist/index.js");
const { Dolos } = await import(pathToFileURL(entry).href);
const { version } = JSON.parse(
  readFileSync(join(peers, "dolos/node_modules/@dodona/dolos-lib/package.json"), "utf8"),
);
const classes = JSON.parse(readFileSync(0, "utf8"));
const result = [];
for (const files of classes) {
  const report = await new Dolos().analyzePaths(files);
  const index = new Map(files.map((file, i) => [file, i]));
  const pairs = [];
  for (const pair of report.allPairs()) {
    const i = index.get(pair.leftFile.path);
    const j = index.get(pair.rightFile.path);
    if (i === undefined || j === undefined) {
      throw new Error(`Dolos named a file it was not given: ${pair.leftFile.path}, ${pair.rightFile.path}`);
    }
    pairs.push([i, j, pair.similarity]);
  }
  result.push(pairs);
}
process.stdout.write(JSON.stringify({ version, pairs: result }));
