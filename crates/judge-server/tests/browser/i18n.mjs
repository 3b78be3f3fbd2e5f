// The interface's language in headless Chromium, run by ../browser.rs
// (the_interface_switches_language_in_chromium) with JUDGE_URL, STUDENT, STUDENT_PASSWORD,
// CHROMIUM and, optionally, SCREENSHOT_DIR (where to save the Chinese problem list).
// The browser asks for Chinese (locale zh-CN, so Accept-Language zh-CN): the log-in page
// is Chinese; its switch turns it English; after logging in the navigation is English;
// the switch on the problem list turns it Chinese, and the next page stays Chinese.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-i18n-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  locale: "zh-CN",
  viewport: { width: 1000, height: 560 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
context.setDefaultTimeout(30_000);
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("console", (message) => {
  if (message.type() === "error") problems.push("console: " + message.text());
});

async function lang() {
  return page.evaluate(() => document.documentElement.lang);
}

async function navigation() {
  return (await page.locator("header.top nav a").allTextContents()).map((t) => t.trim());
}

try {
  await page.goto(base + "/login");
  check((await lang()) === "zh-CN", "a Chinese browser gets a Chinese log-in page: " + (await lang()));
  check((await page.textContent("main h1")).trim() === "登录", "the heading is 登录");

  await Promise.all([page.waitForURL(/\/login$/), page.click('header.top a[data-language="en"]')]);
  check((await lang()) === "en", "the switch on the log-in page turns it English");
  check((await page.textContent("main h1")).trim() === "Log in", "the heading is Log in");

  await page.fill('input[name="name"]', env.STUDENT);
  await page.fill('input[name="password"]', env.STUDENT_PASSWORD);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('form.login button[type="submit"]')]);
  const english = await navigation();
  check(english.includes("Problems") && english.includes("My submissions"), "English navigation: " + english);

  await Promise.all([page.waitForURL(/\/problems$/), page.click('header.top a[data-language="zh"]')]);
  check((await lang()) === "zh-CN", "the switch turns the problem list Chinese");
  const chinese = await navigation();
  check(chinese.includes("题目") && chinese.includes("我的提交") && chinese.includes("排行榜"), "Chinese navigation: " + chinese);
  if (env.SCREENSHOT_DIR) {
    await page.screenshot({ path: join(env.SCREENSHOT_DIR, "i18n-problems-zh.png") });
  }

  await page.click('header.top nav a[href="/submissions"]');
  await page.waitForURL(/\/submissions$/);
  check((await lang()) === "zh-CN", "the next page stays Chinese (the cookie)");
  check((await page.textContent("main h1")).trim() === "我的提交", "the submissions page is Chinese");
  check(problems.length === 0, "no script errors: " + problems.join("; "));
  console.log(JSON.stringify({ english, chinese }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
