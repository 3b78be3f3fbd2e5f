// The web server's end-to-end test in headless Chromium, run by ../browser.rs with the
// server's address and two accounts in the environment:
//   JUDGE_URL, STUDENT, STUDENT_PASSWORD, TEACHER, TEACHER_PASSWORD, AC_SOURCE, WA_SOURCE
//   CHROMIUM (default /usr/bin/chromium), LIVE (events, the default; poll: no EventSource)
// A student logs in, opens the maze statement (both languages), submits an accepted C++
// solution by uploading it and sees AC, pastes a wrong one and sees WA with the failing
// test; the teacher logs in and sees both attempts on the scoreboard. The last line of
// output is JSON with the measured times.
import { chromium } from "playwright-core";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;
const VERDICT_TIMEOUT_MS = 240_000;

function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
context.setDefaultTimeout(30_000);
const page = context.pages()[0] ?? (await context.newPage());
// LIVE=poll: a browser without EventSource, which the page serves by polling instead.
const polling = env.LIVE === "poll";
if (polling) await page.addInitScript(() => delete window.EventSource);
const problems = [];
// When the page itself shows the verdict, reported by the page: Playwright's own waiting
// polls with a back-off of up to 500 ms, so the moment it notices is not the moment shown.
// On each page with a pending verdict, the badge's change and the next frame after it go
// into sessionStorage, which outlives the reload that follows at once.
await page.addInitScript(() => {
  document.addEventListener("DOMContentLoaded", () => {
    const badge = document.querySelector("#result .verdict.v-pending");
    if (!badge) return;
    new MutationObserver((_, observer) => {
      if (badge.classList.contains("v-pending")) return;
      observer.disconnect();
      sessionStorage.setItem("judge-badge-changed", String(Date.now()));
      requestAnimationFrame(() => sessionStorage.setItem("judge-badge-painted", String(Date.now())));
    }).observe(badge, { attributes: true, attributeFilter: ["class"] });
  });
});
page.on("pageerror", (error) => problems.push("page error: " + error.message));
page.on("console", (message) => {
  if (message.type() === "error") problems.push("console: " + message.text());
});
const statusRequests = { events: 0, polls: 0 };
page.on("request", (request) => {
  if (request.url().includes("/submissions/events")) statusRequests.events += 1;
  if (request.url().includes("/submissions/status")) statusRequests.polls += 1;
});
page.on("response", (response) => {
  // 401 and 303 are part of the flow; anything else at 400 or above is a broken link.
  if (response.status() >= 400 && response.status() !== 401) {
    problems.push(`HTTP ${response.status()} for ${response.url()}`);
  }
});

async function logIn(name, password) {
  await page.goto(base + "/");
  check(page.url().includes("/login"), "the front page sends a stranger to log in: " + page.url());
  await page.fill('input[name="name"]', name);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL(/\/problems$/), page.click('button:has-text("Log in")')]);
}

async function submitAndWait(fill) {
  await page.goto(base + "/submit?problem=maze");
  check((await page.inputValue('select[name="problem"]')) === "maze", "the problem is chosen");
  await fill();
  await page.evaluate(() => sessionStorage.clear());
  const started = Date.now();
  await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('button:has-text("Submit")')]);
  const stored = Date.now();
  // The page follows the status (server-sent events) and reloads itself with the per-test
  // table when judged.
  await page.waitForSelector("#result .verdict:not(.v-pending)", { timeout: VERDICT_TIMEOUT_MS });
  await page.waitForSelector("table.tests", { timeout: 10_000 });
  // The reloaded page's first paint, with the tests' table.
  const times = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const stored = (key) => Number(sessionStorage.getItem(key)) || null;
    return {
      table: paint ? Math.round(performance.timeOrigin + paint.startTime) : null,
      badge: stored("judge-badge-painted") ?? stored("judge-badge-changed"),
    };
  });
  check(times.table !== null, "the page with the tests' table reports its first paint");
  // Judged before the page loaded: the badge came with the table.
  const badgeShown = times.badge ?? times.table;
  const tablePainted = times.table;
  const verdictShown = tablePainted;
  return {
    clicked_at_ms: started,
    badge_at_ms: badgeShown,
    verdict_at_ms: verdictShown,
    id: Number(page.url().split("/").pop()),
    verdict: (await page.textContent("#result .verdict")).trim(),
    result: (await page.textContent("#result")).replace(/\s+/g, " ").trim(),
    submit_to_page_ms: stored - started,
    submit_to_verdict_ms: verdictShown - started,
  };
}

try {
  // The student reads the statement in both languages.
  await logIn(env.STUDENT, env.STUDENT_PASSWORD);
  await page.click('a[href="/problems/maze"]');
  await page.waitForURL(/\/problems\/maze/);
  // The browser's language picks the first one shown; the switch shows the other, and back.
  const headings = { en: "Input", zh: "输入格式" };
  const first = (await page.locator('a[hreflang="zh"]').count()) > 0 ? "zh" : "en";
  for (const language of [first, first === "zh" ? "en" : "zh"]) {
    await page.click(`a[hreflang="${language}"]`);
    await page.waitForSelector(`article.statement h3:has-text('${headings[language]}')`);
    check((await page.locator("article.statement pre code").count()) >= 2, "the samples are code blocks");
    check((await page.textContent("article.statement")).includes("S-#"), "the sample maze is shown");
  }

  // An accepted C++ solution, uploaded as a file: the language follows the extension.
  const accepted = await submitAndWait(async () => {
    await page.setInputFiles('input[name="file"]', env.AC_SOURCE);
    check((await page.inputValue('select[name="language"]')) === "cpp", "the .cpp file picks C++");
  });
  check(accepted.verdict === "AC", "the accepted solution gets AC: " + accepted.result);
  check((await page.locator("table.tests tbody tr").count()) >= 2, "each test has a row");

  if (polling) {
    check(statusRequests.events === 0 && statusRequests.polls >= 1, "without EventSource the page polls: " + JSON.stringify(statusRequests));
  } else {
    check(statusRequests.events >= 1 && statusRequests.polls === 0, "the verdict came by server-sent events: " + JSON.stringify(statusRequests));
  }

  // A wrong one, pasted, followed on the list of my submissions: its row gets the verdict,
  // the CPU time and the memory without a reload.
  await page.goto(base + "/submit?problem=maze");
  await page.selectOption('select[name="language"]', "cpp");
  await page.fill('textarea[name="source"]', readFileSync(env.WA_SOURCE, "utf8"));
  await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('button:has-text("Submit")')]);
  const wrongId = Number(page.url().split("/").pop());
  await page.goto(base + "/submissions");
  const wrongRow = page.locator(`tr[data-row="${wrongId}"]`);
  const livePending = (await wrongRow.locator("[data-pending]").count()) === 1;
  await wrongRow.locator(".verdict.v-WA").waitFor({ timeout: VERDICT_TIMEOUT_MS });
  const cpu = (await wrongRow.locator('[data-field="cpu"]').textContent()).trim();
  const memory = (await wrongRow.locator('[data-field="memory"]').textContent()).trim();
  check(/ s$/.test(cpu) && /iB$/.test(memory), `the row shows CPU and memory: ${cpu} ${memory}`);

  // Its page: WA, and the failing test is named.
  await page.goto(base + "/submissions/" + wrongId);
  await page.waitForSelector("table.tests");
  const wrong = {
    id: wrongId,
    verdict: (await page.textContent("#result .verdict")).trim(),
    result: (await page.textContent("#result")).replace(/\s+/g, " ").trim(),
    live_on_the_list: livePending,
  };
  check(wrong.verdict === "WA", "the wrong solution gets WA: " + wrong.result);
  const failing = /on ((sample|secret)\/\S+)/.exec(wrong.result);
  check(failing !== null, "the failing test is named: " + wrong.result);
  const failingRow = page.locator("table.tests tbody tr", { hasText: failing[1] });
  check((await failingRow.locator(".v-WA").count()) === 1, "the failing test's row says WA");

  await page.goto(base + "/submissions");
  check((await page.locator("table.submissions tbody tr").count()) === 2, "my submissions lists both");

  // The teacher sees both attempts on the scoreboard.
  await page.click('button:has-text("Log out")');
  await page.waitForURL(/\/login/);
  await logIn(env.TEACHER, env.TEACHER_PASSWORD);
  await page.goto(base + "/scoreboard");
  const row = page.locator(`tr[data-student="${env.STUDENT}"]`);
  const mazeColumn = (await page.locator("table.scoreboard thead th").allTextContents()).indexOf("maze");
  check(mazeColumn > 0, "the scoreboard has a maze column");
  const cell = (await row.locator("td").nth(mazeColumn).textContent()).replace(/\s+/g, " ").trim();
  check(cell === "100 (2)", "the maze cell shows 100 points after 2 attempts: " + cell);
  check(problems.length === 0, "no script errors: " + problems.join("; "));

  console.log(
    JSON.stringify({
      accepted,
      wrong,
      failing_test: failing[1],
      scoreboard_cell: cell,
    }),
  );
} catch (error) {
  const text = await page.content().catch(() => "");
  console.error(String(error && error.stack ? error.stack : error));
  console.error("page " + page.url() + ":\n" + text.slice(0, 4000));
  process.exitCode = 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
