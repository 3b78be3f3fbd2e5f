// The samples' copy buttons and a sample's stderr and diff in headless Chromium, run by
// ../browser.rs (the_copy_buttons_copy_the_samples_in_chromium) with:
//   JUDGE_URL, STUDENT, STUDENT_PASSWORD, SUBMISSION (a judged submission of the student's
//   with a failed sample), CHROMIUM (default /usr/bin/chromium),
//   SCREENSHOTS (optional: a folder for sample-copy.png and sample-result.png)
// The student clicks the copy buttons (in a statement, and below one) and the clipboard
// holds the sample files' exact texts; with JavaScript off there is no button; the result
// page shows the sample's stderr and diff. The last line of output is JSON with what was
// copied.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const options = {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  viewport: { width: 1000, height: 620 },
};
const profile = mkdtempSync(join(tmpdir(), "judge-chromium-samples-"));
const context = await chromium.launchPersistentContext(profile, options);
context.setDefaultTimeout(30_000);
await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("console", (message) => {
  if (message.type() === "error") problems.push("console: " + message.text());
});

async function logIn(page) {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", env.STUDENT);
  await page.fill("input[name=password]", env.STUDENT_PASSWORD);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);
}

// Clicks the `index`-th copy button and gives back what the clipboard then holds.
async function copy(index) {
  await page.evaluate(() => navigator.clipboard.writeText("(nothing yet)"));
  const button = page.locator("button.copy").nth(index);
  check(await button.isVisible(), "copy button " + index + " is shown");
  await button.click();
  await page.waitForFunction(
    (i) => document.querySelectorAll("button.copy")[i].textContent === "Copied",
    index,
  );
  return page.evaluate(() => navigator.clipboard.readText());
}

const copied = {};
try {
  await logIn(page);

  // A statement that shows the sample itself: the buttons beside its blocks.
  await page.goto(base + "/problems/parts");
  check((await page.locator("button.copy").count()) === 2, "parts: two buttons");
  copied.parts_in = await copy(0);
  copied.parts_ans = await copy(1);
  check(copied.parts_in === "1 2\n", "the input, exactly: " + JSON.stringify(copied.parts_in));
  check(copied.parts_ans === "3\n", "the answer, exactly: " + JSON.stringify(copied.parts_ans));
  if (env.SCREENSHOTS) {
    await page.locator("article.statement pre").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(env.SCREENSHOTS, "sample-copy.png") });
  }

  // A package's statement without samples: the sample below it.
  await page.goto(base + "/problems/pair");
  check((await page.locator(".samples .sample").count()) === 1, "pair: one sample below");
  copied.pair_in = await copy(0);
  check(copied.pair_in === "3 4\n", "the package's input: " + JSON.stringify(copied.pair_in));

  // The result: the sample's stderr and its output's diff.
  await page.goto(base + "/submissions/" + env.SUBMISSION);
  const stderr = (await page.locator("pre.stderr").first().textContent()) ?? "";
  check(stderr.includes("debug: a=1 b=2"), "the sample's stderr: " + stderr);
  const diff = (await page.locator("pre.diff").first().textContent()) ?? "";
  check(diff.includes("+    1 | 4"), "the sample's diff: " + diff);
  check(!(await page.content()).includes("70000001"), "no secret input on the page");
  if (env.SCREENSHOTS) {
    await page.locator("table.tests").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(env.SCREENSHOTS, "sample-result.png") });
  }
  check(problems.length === 0, "no script errors: " + problems.join("; "));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

// Without JavaScript the buttons stay hidden (the text can still be selected).
const bare = mkdtempSync(join(tmpdir(), "judge-chromium-samples-nojs-"));
const noScript = await chromium.launchPersistentContext(bare, { ...options, javaScriptEnabled: false });
try {
  const plain = noScript.pages()[0] ?? (await noScript.newPage());
  await logIn(plain);
  await plain.goto(base + "/problems/parts");
  const buttons = plain.locator("button.copy");
  check((await buttons.count()) === 2, "the buttons are in the page");
  check(!(await buttons.first().isVisible()), "but hidden without JavaScript");
  check((await plain.locator("pre code").first().textContent()) === "1 2\n", "the sample is still there");
} finally {
  await noScript.close();
  rmSync(bare, { recursive: true, force: true });
}
console.log(JSON.stringify(copied));
