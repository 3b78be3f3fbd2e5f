// The answers drawn on their grid in headless Chromium, run by ../server/browser.rs with
// the server's address in the environment:
//   JUDGE_URL, CHROMIUM (default /usr/bin/chromium),
//   SUBMISSIONS (problem=id=samples=student,...: a judged submission of each seed
//     problem that has a visualizer, how many sample tests its result holds, each drawn,
//     and the student who sent it, whose password is the name twice),
//   SCREENSHOTS (optional: a folder for picture-<problem>.png, pictures.png and
//     pictures-zh.png)
// For each submission, its student opens its result page: every sample test shows its picture,
// an image that the browser decoded (an SVG that did not parse has no size), and no note
// in its place; the page in Chinese has the caption in Chinese. No page errors. The last
// line of output is JSON with what was seen.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;
const submissions = env.SUBMISSIONS.split(",").map((pair) => pair.split("="));

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  viewport: { width: 1200, height: 800 },
});
context.setDefaultTimeout(30_000);
const problems = [];
const seen = {};
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => problems.push("page error: " + error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push("console: " + message.text());
  });
  let student = null;
  async function logInAs(owner) {
    if (owner === student) return;
    await context.clearCookies();
    await page.goto(base + "/login");
    await page.fill("input[name=name]", owner);
    await page.fill("input[name=password]", owner + owner);
    await Promise.all([page.waitForURL(/\/problems$/), page.click("button[type=submit]")]);
    student = owner;
  }
  for (const [problem, id, count, owner] of submissions) {
    await logInAs(owner);
    const samples = Number(count);
    await page.goto(base + "/submissions/" + id);
    await page.waitForSelector("table.tests");
    // Each image decoded: complete with a natural size (a broken SVG has none).
    await page.waitForFunction(() => [...document.querySelectorAll("img.picture")].every((img) => img.complete));
    const pictures = await page.$$eval("img.picture", (images) =>
      images.map((img) => {
        const box = img.getBoundingClientRect();
        return { natural: [img.naturalWidth, img.naturalHeight], shown: [Math.round(box.width), Math.round(box.height)] };
      }),
    );
    const notes = await page.$$eval(".picture-note", (notes) => notes.map((n) => n.textContent));
    seen[problem] = { samples, pictures, notes };
    check(pictures.length === samples, `${problem}: a picture for each of the ${samples} sample tests: ` + JSON.stringify(seen[problem]));
    check(notes.length === 0, `${problem}: no note instead of a picture: ` + notes.join("; "));
    for (const picture of pictures) {
      check(picture.natural[0] > 50 && picture.natural[1] > 50, `${problem}: the SVG was decoded with its size: ` + JSON.stringify(picture));
      check(picture.shown[0] > 50 && picture.shown[1] > 50, `${problem}: the picture is shown: ` + JSON.stringify(picture));
    }
    if (env.SCREENSHOTS) {
      await page.locator("div.picture").first().screenshot({ path: join(env.SCREENSHOTS, `picture-${problem}.png`) });
    }
  }

  // Klotski's page whole (the strip of boards), in English and in Chinese.
  const [, featured, , owner] = submissions.find(([problem]) => problem === "klotski") ?? submissions.at(-1);
  await logInAs(owner);
  await page.goto(base + "/submissions/" + featured);
  await page.waitForSelector("img.picture");
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "pictures.png"), fullPage: true });
  await Promise.all([page.waitForLoadState(), page.click('header.top a[data-language="zh"]')]);
  await page.waitForSelector("img.picture");
  seen.zh = await page.textContent("div.picture .caption");
  check(seen.zh.includes("你的输出在测试数据上的图示"), "the caption in Chinese: " + seen.zh);
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "pictures-zh.png"), fullPage: true });
  check(problems.length === 0, "no page errors: " + problems.join("; "));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify(seen));
