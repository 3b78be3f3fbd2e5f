// The teacher's charts in headless Chromium, run by ../server/browser.rs with the server's
// address in the environment:
//   JUDGE_URL, CHROMIUM (default /usr/bin/chromium),
//   SCREENSHOTS (optional: a folder for charts.png and charts-zh.png)
// The teacher (password teacherteacher) opens the charts from the dashboard: five SVG
// charts, each drawn with a size, with its table; in Chinese too; on a phone the charts
// shrink to the screen and the page does not scroll sideways. No page errors (the page has
// no script of its own). The last line of output is JSON with what was seen.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

async function charts(page) {
  await page.waitForSelector("svg.chart");
  return page.$$eval("section.chart", (sections) =>
    sections.map((section) => {
      const svg = section.querySelector("svg.chart");
      const box = svg ? svg.getBoundingClientRect() : null;
      return {
        id: section.id,
        width: box ? Math.round(box.width) : 0,
        height: box ? Math.round(box.height) : 0,
        shapes: svg ? svg.querySelectorAll("rect, path, polyline, line").length : 0,
        rows: section.querySelectorAll("table tbody tr").length,
      };
    }),
  );
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
  await page.goto(base + "/login");
  await page.fill("input[name=name]", "teacher");
  await page.fill("input[name=password]", "teacherteacher");
  await Promise.all([page.waitForURL(/\/(problems|teacher)$/), page.click("button[type=submit]")]);
  await page.goto(base + "/teacher");
  await Promise.all([page.waitForURL(/\/teacher\/charts/), page.click("a[href='/teacher/charts']")]);

  seen.desktop = await charts(page);
  check(seen.desktop.length === 5, "five charts: " + JSON.stringify(seen.desktop));
  for (const chart of seen.desktop) {
    check(chart.width > 200 && chart.height > 80, "drawn with a size: " + JSON.stringify(chart));
    check(chart.shapes > 0, "shapes in the chart: " + JSON.stringify(chart));
    check(chart.rows > 0, "numbers beside the chart: " + JSON.stringify(chart));
  }
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "charts.png"), fullPage: true });

  await Promise.all([page.waitForLoadState(), page.click('header.top a[data-language="zh"]')]);
  await page.waitForSelector("svg.chart");
  seen.zh = await page.textContent("h1");
  check(seen.zh.includes("图表"), "the Chinese page: " + seen.zh);
  seen.zhLegend = await page.textContent("section#timeline svg");
  check(seen.zhLegend.includes("距开始的小时数"), "the chart's own texts in Chinese: " + seen.zhLegend);
  if (env.SCREENSHOTS) await page.screenshot({ path: join(env.SCREENSHOTS, "charts-zh.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  seen.phone = await charts(page);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(sideways <= 0, "the page does not scroll sideways on a phone: " + sideways);
  for (const chart of seen.phone) {
    check(chart.width > 200 && chart.width <= 390, "a chart fits the phone: " + JSON.stringify(chart));
  }
  check(problems.length === 0, "no page errors: " + problems.join("; "));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify(seen));
