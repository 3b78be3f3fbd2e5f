// A course run from the browser (issue 30), in headless Chromium, run by ../server/browser.rs
// with the server's address in the environment:
//   JUDGE_URL, CHROMIUM (default /usr/bin/chromium), AC_SOURCE (a Python program that
//   solves `add`), SCREENSHOTS (optional: a folder for the pages' screenshots)
// The teacher (password teacherteacher) creates a contest with a problem on
// /teacher/contests, imports a class on /teacher/accounts; a new student logs in with the
// password the page showed once, submits and is judged; the teacher freezes the board now
// (the student sees it frozen) and unfreezes it (the student sees it public). No file is
// edited by hand and the server is never restarted. The last line of output is JSON with
// what was seen.
import { chromium } from "playwright-core";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

async function session(viewport = { width: 1000, height: 700 }, timezoneId = undefined) {
  const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    timezoneId,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
    viewport,
  });
  context.setDefaultTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("pageerror", (error) => problems.push("page error: " + error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push("console: " + message.text());
  });
  return { context, page, problems, profile };
}

async function close(s) {
  await s.context.close();
  rmSync(s.profile, { recursive: true, force: true });
}

async function logIn(page, name, password) {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", password);
  await Promise.all([page.waitForURL(/\/(problems|teacher)$/), page.click("button[type=submit]")]);
}

const iso = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
const shot = async (page, name) => {
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, name), fullPage: false });
};
const seen = {};

// The teacher is in China: a course with no time yet offers the browser's +08:00.
const teacher = await session(undefined, "Asia/Shanghai");
const student = await session();
try {
  const t = teacher.page;
  await logIn(t, "teacher", "teacherteacher");

  // A new contest, from the teacher's contests page.
  await t.goto(base + "/teacher/contests");
  const form = t.locator("#new-contest form");
  await form.locator('input[name="id"]').fill("week2");
  await form.locator('input[name="title"]').fill("Week 2");
  await form.locator('select[name="scoring"]').selectOption("icpc");
  // A date-and-time field (its value without the offset) and its offset beside it, the
  // browser's own while the course has no time.
  seen.offered_offset = await form.locator('input[name="start_offset"]').inputValue();
  await form.locator('input[name="start"]').fill(iso(-5).slice(0, 16));
  await form.locator('input[name="start_offset"]').fill("Z");
  await form.locator('input[name="end"]').fill(iso(120).slice(0, 16));
  await form.locator('input[name="end_offset"]').fill("Z");
  await form.locator('input[name="freeze_minutes"]').fill("30");
  await form.locator('textarea[name="problems"]').fill("add 100");
  await Promise.all([t.waitForURL(/\/teacher\/contests#contest-week2$/), form.locator("button[type=submit]").click()]);
  const section = (await t.textContent("#contest-week2")).replace(/\s+/g, " ");
  check(section.includes("Week 2") && section.includes("running"), "the new contest: " + section);
  seen.contest = "week2";
  await shot(t, "teacher-contests.png");

  // A class, from the teacher's accounts page: one generated password, shown once.
  await t.goto(base + "/teacher/accounts");
  await t.fill('#import-class textarea[name="class"]', "carol\ndave,davespassword");
  await Promise.all([t.waitForLoadState("load"), t.click("#import-class button[type=submit]")]);
  await t.waitForSelector("#account-secret table.imported");
  const rows = await t.$$eval("#account-secret table.imported tbody tr", (trs) =>
    trs.map((tr) => Array.from(tr.children).map((cell) => cell.textContent.trim())),
  );
  const carol = rows.find((row) => row[0] === "carol");
  check(carol && carol[1].length >= 8, "carol's generated password is shown: " + JSON.stringify(rows));
  seen.imported = rows.map((row) => row[0]);
  await shot(t, "teacher-accounts.png");

  // Carol logs in with it, submits to the new contest, and is judged.
  const s = student.page;
  await logIn(s, "carol", carol[1]);
  await s.goto(base + "/submit?contest=week2&problem=add");
  await s.selectOption('select[name="language"]', "python3");
  await s.fill('textarea[name="source"]', readFileSync(env.AC_SOURCE, "utf8"));
  await Promise.all([s.waitForURL(/\/submissions\/\d+$/), s.click('button:has-text("Submit")')]);
  await s.waitForSelector("#result .verdict:not(.v-pending)", { timeout: 90_000 });
  seen.verdict = (await s.textContent("#result .verdict")).trim();
  check(seen.verdict.startsWith("AC"), "carol's verdict: " + seen.verdict);

  // Freeze now: the student sees the board frozen; unfreeze: public again.
  const action = async (name) => {
    await t.goto(base + "/teacher/contests");
    await Promise.all([
      t.waitForURL(/\/teacher\/contests#contest-week2$/),
      t.click(`#contest-week2 button[name="action"][value="${name}"]`),
    ]);
  };
  const board = async () => {
    await s.goto(base + "/contests/week2/scoreboard");
    return (await s.textContent("main")).replace(/\s+/g, " ");
  };
  await action("freeze");
  const frozen = await board();
  check(frozen.includes("The scoreboard is frozen since"), "frozen for the student: " + frozen);
  await action("unfreeze");
  const public_ = await board();
  check(!public_.includes("frozen since"), "public again: " + public_);
  check(public_.includes("carol"), "carol on the board: " + public_);
  seen.freeze = "frozen, then public";

  // The new pages in Chinese and on a phone.
  await Promise.all([t.waitForLoadState(), t.click('header.top a[data-language="zh"]')]);
  await t.goto(base + "/teacher/contests");
  check((await t.evaluate(() => document.documentElement.lang)) === "zh-CN", "the Chinese page");
  await shot(t, "teacher-contests-zh.png");
  await t.goto(base + "/teacher/accounts");
  await shot(t, "teacher-accounts-zh.png");
  await t.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [["/teacher/contests", "phone-teacher-contests.png"], ["/teacher/accounts", "phone-teacher-accounts.png"]]) {
    await t.goto(base + path);
    const sideways = await t.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(sideways <= 0, `${path} does not scroll sideways on a phone: ${sideways}`);
    await shot(t, name);
  }
  check(teacher.problems.length === 0, "no page errors: " + teacher.problems.join("; "));
  check(student.problems.length === 0, "no page errors: " + student.problems.join("; "));
  console.log(JSON.stringify(seen));
} finally {
  await close(teacher);
  await close(student);
}
