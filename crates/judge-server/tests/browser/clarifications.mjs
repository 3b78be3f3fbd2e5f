// Clarifications and a self-test in headless Chromium, run by ../browser.rs
// (a_question_is_answered_and_a_self_test_runs_in_chromium) with the server's address and
// two accounts in the environment: JUDGE_URL, STUDENT, STUDENT_PASSWORD, TEACHER,
// TEACHER_PASSWORD, CHROMIUM; SCREENSHOTS (optional) is a folder for the pages' pictures.
// The student asks from the maze's page and runs a program on their own input; the
// teacher sees the open question counted, answers it to everyone and announces; the
// student sees the answer and the new announcement's notice, which clears once read.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-clar-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
});
context.setDefaultTimeout(60_000);
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("response", (response) => {
  if (response.status() >= 400 && response.status() !== 401) {
    problems.push(`HTTP ${response.status()} for ${response.url()}`);
  }
});

async function logIn(name, password) {
  await page.goto(base + "/login");
  await page.fill('input[name="name"]', name);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);
}

async function logOut() {
  await Promise.all([page.waitForURL(/\/login/), page.click('button:has-text("Log out")')]);
}

async function shoot(name) {
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, name), fullPage: false });
}

const question = "Is the maze always surrounded by walls? (asked in chromium)";
const answer = "Yes: the border is always walls (answered in chromium).";
const announcement = "The maze's statement was clarified (announced in chromium).";
try {
  // The student asks from the problem's page.
  await logIn(env.STUDENT, env.STUDENT_PASSWORD);
  await page.goto(base + "/problems/maze");
  await Promise.all([page.waitForURL(/\/clarifications/), page.click('a:has-text("Ask a question")')]);
  check((await page.inputValue('#ask-form select[name="problem"]')) === "maze", "the problem is chosen");
  await page.fill('#ask-form textarea[name="question"]', question);
  await Promise.all([page.waitForURL(/\/clarifications#clarification-\d+$/), page.click('#ask-form button:has-text("Ask")')]);
  const mine = await page.textContent("#questions");
  check(mine.includes(question) && mine.includes("Waiting for an answer."), "the question waits: " + mine);

  // ... and runs a program on an input of their own.
  await page.goto(base + "/problems/maze");
  await Promise.all([page.waitForURL(/\/self-test\?problem=maze$/), page.click('a:has-text("Run on my input")')]);
  await page.selectOption('#self-test-form select[name="language"]', "python3");
  await page.fill('#self-test-form textarea[name="source"]', "import sys\nprint(sys.stdin.read().upper())\n");
  await page.fill('#self-test-form textarea[name="input"]', "hello <maze>\n");
  const started = Date.now();
  await Promise.all([page.waitForURL(/\/self-test$/), page.click('#self-test-form button:has-text("Run")')]);
  await page.waitForSelector("#self-test-result");
  const selfTestMs = Date.now() - started;
  const output = await page.textContent(".self-test-output");
  check(output.includes("HELLO <MAZE>"), "the self-test's output: " + output);
  check((await page.textContent(".self-test-status")).includes("OK"), "the self-test ended well");
  await shoot("self-test.png");
  await logOut();

  // The teacher sees it counted, answers it to everyone and announces.
  await logIn(env.TEACHER, env.TEACHER_PASSWORD);
  const count = await page.textContent('header.top a[href="/clarifications"] .count');
  check(count.trim() === "1", "one open question in the navigation: " + count);
  await page.click('header.top a[href="/clarifications"]');
  const item = page.locator(".clarification", { hasText: question });
  check((await item.textContent()).includes("asked by " + env.STUDENT), "the teacher sees the asker");
  await item.locator('textarea[name="answer"]').fill(answer);
  await Promise.all([page.waitForURL(/#clarification-\d+$/), item.locator('button:has-text("Answer to everyone")').click()]);
  await page.fill('#announce-form textarea[name="body"]', announcement);
  await Promise.all([page.waitForURL(/#announcements$/), page.click('#announce-form button:has-text("Announce")')]);
  check((await page.locator('header.top a[href="/clarifications"] .count').count()) === 0, "no open question left");
  await logOut();

  // The student sees the notice on another page, reads the answer, and the notice clears.
  await logIn(env.STUDENT, env.STUDENT_PASSWORD);
  const banner = await page.textContent("#announcements-banner");
  check(banner.includes("1 new announcement") && banner.includes(announcement), "the banner: " + banner);
  await shoot("announcement.png");
  await page.click('#announcements-banner a:has-text("read them")');
  await page.waitForURL(/\/clarifications#announcements$/);
  const answered = await page.textContent("#questions");
  check(answered.includes(answer) && answered.includes("answered to everyone"), "the answer: " + answered);
  await shoot("clarifications.png");
  await page.goto(base + "/scoreboard");
  const after = await page.textContent("#announcements-banner");
  check(!after.includes("new announcement") && after.includes(announcement), "the notice cleared: " + after);
  check(problems.length === 0, "no page errors: " + problems.join("; "));
  console.log(JSON.stringify({ self_test_ms: selfTestMs }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
