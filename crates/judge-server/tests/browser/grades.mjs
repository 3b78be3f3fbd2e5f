// The gradebook in headless Chromium, run by ../server/browser.rs with the server's address
// in the environment:
//   JUDGE_URL, CHROMIUM (default /usr/bin/chromium),
//   SCREENSHOTS (optional: a folder for grades.png, grades-zh.png, grades-phone.png)
// The teacher (password teacherteacher) sees every student's row with the late cell marked,
// in English and in Chinese, on a desktop and on a phone (no sideways scrolling of the
// page); bob (password bobbob) sees only his own row. The last line of output is JSON
// with what was seen.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

async function session(viewport) {
  const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
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

async function logIn(page, name) {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", name + name);
  await Promise.all([page.waitForURL(/\/(problems|teacher)$/), page.click('button[type=submit]')]);
}

async function rows(page) {
  return page.$$eval("table.grades tbody tr", (trs) =>
    trs.map((tr) => Array.from(tr.children).map((cell) => cell.innerText.replace(/\s+/g, " ").trim())),
  );
}

const seen = {};
const teacher = await session({ width: 1000, height: 600 });
try {
  const page = teacher.page;
  await logIn(page, "teacher");
  await page.click("nav a:has-text('Grades')");
  await page.waitForSelector("table.grades");
  seen.teacher = await rows(page);
  check(seen.teacher.length === 2, "two students: " + JSON.stringify(seen.teacher));
  check(seen.teacher[0][0] === "ann" && seen.teacher[0][2] === "50" && seen.teacher[0][3] === "100", "ann: " + seen.teacher[0]);
  check(seen.teacher[1][0] === "bob" && seen.teacher[1][2].startsWith("25") && seen.teacher[1][2].includes("late"), "bob's late cell: " + seen.teacher[1]);
  check(await page.isVisible("a[href='/grades/export/moodle.csv']"), "the exports are offered");
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "grades.png"), fullPage: true });

  await Promise.all([page.waitForLoadState(), page.click('header.top a[data-language="zh"]')]);
  await page.waitForSelector("table.grades");
  const heading = await page.textContent("h1");
  check(heading.includes("成绩"), "the Chinese page: " + heading);
  seen.zh = heading;
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "grades-zh.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForSelector("table.grades");
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(sideways <= 0, "the page does not scroll sideways on a phone: " + sideways);
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "grades-phone.png"), fullPage: true });
  check(teacher.problems.length === 0, "no page errors: " + teacher.problems.join("; "));
} finally {
  await teacher.context.close();
  rmSync(teacher.profile, { recursive: true, force: true });
}

const student = await session({ width: 1000, height: 600 });
try {
  await logIn(student.page, "bob");
  await student.page.goto(base + "/grades");
  seen.student = await rows(student.page);
  check(seen.student.length === 1 && seen.student[0][0] === "bob", "bob sees his own row: " + JSON.stringify(seen.student));
  check(student.problems.length === 0, "no page errors: " + student.problems.join("; "));
} finally {
  await student.context.close();
  rmSync(student.profile, { recursive: true, force: true });
}
console.log(JSON.stringify(seen));
