// Opens a contest's report/index.html from disk in headless Chromium (driven by
// playwright-core, installed for the web server's browser test by
// scripts/setup-browser-tests) and checks it: the scoreboard shows, a click on a cell
// shows that attempt's tests, sample diffs, stderr and pictures show and secret ones do not.
//   node report.mjs REPORT_HTML_PATH
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../../../judge-server/tests/browser/package.json"));
const { chromium } = require("playwright-core");

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const report = process.argv[2];
const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("pageerror", (error) => problems.push("page error: " + error.message));
  page.on("requestfailed", (request) => problems.push("request failed: " + request.url()));
  await page.goto("file://" + report);

  const rows = await page.locator("#scoreboard tr").count();
  check(rows === 6, `a header and 5 students in the scoreboard, found ${rows} rows`);
  check((await page.locator("#scoreboard tr").nth(1).innerText()).includes("ann"), "ann leads");

  // bob's two attempts at sum: a compile error, then an accepted C++ solution.
  await page.click('td.cell[data-student="bob"][data-problem="sum"]');
  await page.waitForSelector("#details h3.attempt");
  check((await page.locator("#details h2").innerText()) === "bob — sum", "the details name the cell");
  check((await page.locator("#details h3.attempt").count()) === 2, "both of bob's attempts show");
  check((await page.locator("#details pre").first().innerText()).includes("error"), "the compiler's message shows");
  const tests = await page.locator("#details table.tests tr.test").allInnerTexts();
  check(tests.length === 2 && tests[0].includes("sample/1") && tests[1].includes("secret/1"), "the tests show: " + tests);
  check(tests.every((t) => t.includes("AC")), "both tests accepted: " + tests);
  // The sample test's picture (sum's visualizer), an image the browser decoded; the
  // secret test has none.
  check((await page.locator("#details img.picture").count()) === 1, "one picture, the sample's");
  await page.waitForFunction(() => {
    const image = document.querySelector("#details img.picture");
    return image.complete && image.naturalWidth > 0;
  });
  check((await page.locator("#details img.picture").getAttribute("src")).startsWith("data:image/svg+xml"), "a data: address");

  // dan's wrong answer on the one-test problem: the sample's diff shows.
  await page.click('td.cell[data-student="dan"][data-problem="sum-once"]');
  await page.waitForSelector("#details pre.diff");
  const diff = await page.locator("#details pre.diff").innerText();
  check(diff.includes("-    1 | 6") && diff.includes("+    1 | 7"), "the sample diff: " + diff);

  // cid's wrong answer on a secret test: no diff of secret data.
  await page.click('td.cell[data-student="cid"][data-problem="sum"]');
  await page.waitForSelector("#details table.tests");
  check((await page.locator("#details pre.diff").count()) === 0, "no diff of a secret test");
  // cid writes to stderr on every test: the sample's shows, as text; the secret's does not.
  const stderr = await page.locator("#details pre.stderr").allInnerTexts();
  check(stderr.length === 1 && stderr[0].includes("cid: adding 3 numbers <b>&</b>"), "the sample's stderr: " + stderr);
  check((await page.locator("#details pre.stderr b").count()) === 0, "stderr is text, not markup");
  check(problems.length === 0, "no page errors or network requests: " + problems.join("; "));
  console.log("report ok");
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
