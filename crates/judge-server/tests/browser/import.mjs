// The teacher's package import page in headless Chromium, run by ../server/browser_import.rs
// (a_teacher_uploads_a_package_in_chromium) with the server's address and a teacher's
// account in the environment: JUDGE_URL, TEACHER, TEACHER_PASSWORD, CHROMIUM, and two
// package files: GOOD_ZIP (a sound Kattis package) and BAD_ZIP (a broken one); SCREENSHOTS
// (optional) is a folder for the page's picture. The teacher opens the page from the
// dashboard, uploads the broken package and sees its errors, then the sound one under an
// id of their own, follows the link to its statement, and finds it in the problem list.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-import-"));
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
  // The broken package's page answers 422 on purpose.
  const refused = response.status() === 422 && response.url().endsWith("/teacher/problems/import");
  if (response.status() >= 400 && response.status() !== 401 && !refused) {
    problems.push(`HTTP ${response.status()} for ${response.url()}`);
  }
});

try {
  await page.goto(base + "/login");
  await page.fill('input[name="name"]', env.TEACHER);
  await page.fill('input[name="password"]', env.TEACHER_PASSWORD);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);
  await page.goto(base + "/teacher");
  await Promise.all([
    page.waitForURL(/\/teacher\/problems\/import$/),
    page.click('a[href="/teacher/problems/import"]'),
  ]);

  // A broken package: its errors on the page, the form again.
  await page.setInputFiles('#import-form input[name="package"]', env.BAD_ZIP);
  await Promise.all([page.waitForLoadState("load"), page.click('#import-form button[type="submit"]')]);
  await page.waitForSelector("#import-errors");
  const errors = await page.textContent("#import-errors");
  check(errors.includes("was not imported") && errors.includes("problem.yaml"), "the errors: " + errors);

  // The sound one, under the teacher's id.
  await page.setInputFiles('#import-form input[name="package"]', env.GOOD_ZIP);
  await page.fill('#import-form input[name="id"]', "doubled");
  await Promise.all([page.waitForLoadState("load"), page.click('#import-form button[type="submit"]')]);
  await page.waitForSelector("#import-done");
  const done = await page.textContent("#import-done");
  check(done.includes("imported as problem doubled") && done.includes("3 tests"), "the import: " + done);
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "import.png"), fullPage: false });
  await Promise.all([page.waitForURL(/\/problems\/doubled$/), page.click('#import-done a:has-text("problem list")')]);
  // A Kattis statement has no title of its own: problem.yaml's name is the page's.
  check((await page.title()).includes("Double it"), "the statement's title: " + (await page.title()));
  const statement = await page.textContent("main");
  // Its math is rendered on the server (MathML), never shown as LaTeX source.
  check(statement.includes("print 2n") && !statement.includes("$"), "the statement: " + statement);
  await page.goto(base + "/problems");
  check((await page.textContent("main")).includes("doubled"), "in the problem list");
  check(problems.length === 0, "no page errors: " + problems.join("; "));
  console.log(JSON.stringify({ imported: "doubled" }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
