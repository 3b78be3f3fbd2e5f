// Statements as their authors wrote them, in headless Chromium, run by ../browser.rs
// (the_latex_and_polygon_statements_render_in_chromium) with:
//   JUDGE_URL, STUDENT, STUDENT_PASSWORD, CHROMIUM (default /usr/bin/chromium),
//   SCREENSHOTS (optional: a folder for statement-latex.png and statement-polygon.png)
// A Kattis LaTeX statement and a Polygon one: their formulas are MathML the browser lays
// out (each has a size), their images load from the judge, no request leaves the server.
// The last line of output is JSON with what was seen.
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
  viewport: { width: 1000, height: 900 },
};
const profile = mkdtempSync(join(tmpdir(), "judge-chromium-statements-"));
const context = await chromium.launchPersistentContext(profile, options);
context.setDefaultTimeout(30_000);
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
const elsewhere = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("request", (request) => {
  if (!request.url().startsWith(base)) elsewhere.push(request.url());
});

const seen = {};
try {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", env.STUDENT);
  await page.fill("input[name=password]", env.STUDENT_PASSWORD);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);

  for (const [id, shot] of [["latex", "statement-latex.png"], ["polygon-statement", "statement-polygon.png"]]) {
    await page.goto(base + "/problems/" + id);
    await page.waitForLoadState("load");
    const facts = await page.evaluate(() => {
      const article = document.querySelector("article.statement");
      const formulas = [...article.querySelectorAll("math")];
      const images = [...article.querySelectorAll("img")];
      return {
        formulas: formulas.length,
        laid_out: formulas.filter((m) => m.getBoundingClientRect().width > 0).length,
        mathml: formulas.every((m) => m.namespaceURI === "http://www.w3.org/1998/Math/MathML"),
        images: images.length,
        images_loaded: images.filter((i) => i.complete && i.naturalWidth > 0).length,
        raw_latex: /\\[a-zA-Z]+|\$/.test(article.innerText),
      };
    });
    check(facts.formulas > 0 && facts.laid_out === facts.formulas, id + ": formulas laid out " + JSON.stringify(facts));
    check(facts.mathml, id + ": MathML elements " + JSON.stringify(facts));
    check(facts.images > 0 && facts.images_loaded === facts.images, id + ": images loaded " + JSON.stringify(facts));
    check(!facts.raw_latex, id + ": no LaTeX source shown " + JSON.stringify(facts));
    seen[id] = facts;
    if (env.SCREENSHOTS) {
      await page.screenshot({ path: join(env.SCREENSHOTS, shot), fullPage: true });
    }
  }
  check(elsewhere.length === 0, "no request left the server: " + elsewhere.join(", "));
  check(problems.length === 0, "no script errors: " + problems.join("; "));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify(seen));
