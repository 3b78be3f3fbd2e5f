// Opens a `judge similarity` report (index.html) from disk in headless Chromium (driven
// by playwright-core, installed for the web server's browser test by
// scripts/setup-browser-tests) and checks it: the maze's pairs are listed, a click opens
// the top pair side by side, its fragments are highlighted on both sides in the same
// colours, and a click on a fragment finds its twin on the other side.
//   node similarity.mjs REPORT_HTML_PATH [SCREENSHOT.png]
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
const screenshot = process.argv[3];
const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
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
  page.on("request", (request) => {
    if (!request.url().startsWith("file://")) problems.push("network request: " + request.url());
  });
  await page.goto("file://" + report);

  const rows = page.locator("#problem-maze table.pairs tr.pair");
  check((await rows.count()) >= 2, "the maze lists pairs");
  const first = await rows.first().innerText();
  check(first.includes("ann") && first.includes("bob"), "ann and bob (a copy) rank first: " + first);
  const view = page.locator("#problem-maze .pair-view").first();
  check(!(await view.isVisible()), "a pair view is closed until opened");

  await rows.first().locator("a.open").click();
  await view.waitFor({ state: "visible" });
  const sides = view.locator(".side");
  check((await sides.count()) === 2, "two sides");
  const left = sides.nth(0).locator("mark[data-fragment]");
  const right = sides.nth(1).locator("mark[data-fragment]");
  const leftCount = await left.count();
  check(leftCount >= 1 && (await right.count()) >= 1, "fragments highlighted on both sides");

  // The same fragment has the same colour on both sides.
  const fragment = await left.first().getAttribute("data-fragment");
  const twin = sides.nth(1).locator(`mark[data-fragment="${fragment}"]`).first();
  const colour = async (l) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
  const leftColour = await colour(left.first());
  check(leftColour !== "rgba(0, 0, 0, 0)", "a fragment has a background colour");
  check(leftColour === (await colour(twin)), `fragment ${fragment}: the same colour on both sides`);
  const leftText = (await sides.nth(0).locator(`mark[data-fragment="${fragment}"]`).allInnerTexts()).join("");
  check(leftText.trim().length > 0, "a fragment holds code");

  await left.first().click();
  check(await twin.evaluate((e) => e.classList.contains("flash")), "a click on a fragment marks its twin");

  // The independent solution's pair with the copy is not listed above the threshold.
  const listed = await page.locator("#problem-maze table.pairs tr.pair:not(.below)").allInnerTexts();
  check(!listed.some((t) => t.includes("cid")), "cid (independent) is not flagged: " + listed.join(" | "));
  check((await page.locator("#skipped li").count()) >= 1, "skipped files are listed");
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: false });
  check(problems.length === 0, "no page errors or network requests: " + problems.join("; "));
  console.log(`similarity report ok (${leftCount} fragments highlighted)`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
