// The course's contests in headless Chromium, run by ../browser.rs (browser_contests) with
// the server's address and a student in the environment:
//   JUDGE_URL, STUDENT, STUDENT_PASSWORD, CHROMIUM (default /usr/bin/chromium),
//   SCREENSHOTS (optional: a folder for contests.png and icpc-board.png)
// The student sees the contest list (current, upcoming, past), and on a running contest's
// pages the clock: the time left counting down in the page, the frozen board. The last
// line of output is JSON with what was seen.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  viewport: { width: 1000, height: 700 },
});
context.setDefaultTimeout(30_000);
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("console", (message) => {
  if (message.type() === "error") problems.push("console: " + message.text());
});

try {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", env.STUDENT);
  await page.fill("input[name=password]", env.STUDENT_PASSWORD);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);

  await page.goto(base + "/contests");
  const sections = {};
  for (const id of ["current", "upcoming", "past"]) {
    sections[id] = (await page.textContent(`#${id}`)).replace(/\s+/g, " ").trim();
  }
  check(sections.current.includes("Contest open"), "open is current: " + sections.current);
  check(sections.current.includes("Contest hw1"), "hw1 is current: " + sections.current);
  check(sections.upcoming.includes("Contest later"), "later is upcoming: " + sections.upcoming);
  check(sections.past.includes("Contest past"), "past is past: " + sections.past);
  check((await page.locator("#upcoming a").count()) === 0, "an upcoming contest has no links");
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "contests.png") });

  // The running ICPC contest: the clock counts down in the page from the server's time.
  await page.click("a[href='/contests/open/problems']");
  await page.waitForSelector(".contest-clock");
  const clock = page.locator(".contest-clock [data-clock-left]");
  const first = await clock.textContent();
  await page.waitForFunction(
    (before) => document.querySelector(".contest-clock [data-clock-left]").textContent !== before,
    first,
    { timeout: 5_000 },
  );
  const later = await clock.textContent();
  const seconds = (text) => text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  check(seconds(later) < seconds(first), `the clock counts down: ${first} then ${later}`);
  check(seconds(first) > 18 * 60 && seconds(first) <= 20 * 60, "about 20 minutes left: " + first);
  const clockText = (await page.textContent(".contest-clock")).replace(/\s+/g, " ");
  check(clockText.includes("Scoreboard frozen"), "the board is frozen: " + clockText);
  check(await page.isVisible("td.letter"), "ICPC problem letters on the list");

  await page.click("nav a:has-text('Scoreboard')");
  await page.waitForSelector("#scoreboard");
  check(page.url().endsWith("/contests/open/scoreboard"), "the nav goes to this contest's board: " + page.url());
  const counts = (await page.innerText("tr.problem-counts")).replace(/\s+/g, " ").trim();
  check(await page.isVisible(".contest-clock"), "the clock is on the board too");
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "icpc-board.png") });

  check(problems.length === 0, "no page errors: " + problems.join("; "));
  console.log(JSON.stringify({ sections, clock: [first, later], counts }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
