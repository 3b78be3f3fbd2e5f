// Every page on a phone in headless Chromium, run by ../server/browser.rs
// (no_page_scrolls_sideways_on_a_phone_in_chromium) with the server's address, two accounts
// and the pages to visit in the environment:
//   JUDGE_URL, STUDENT, STUDENT_PASSWORD, TEACHER, TEACHER_PASSWORD, CHROMIUM,
//   PAGES    JSON {"student": [path, ...], "teacher": [path, ...]}: the pages each may open
//   SHOTS    JSON [{"name", "role", "path", "phone"}]: the pictures for docs/server.md
//   SCREENSHOTS (optional) a folder: the pictures are saved there (1280 x 640 on a desktop,
//            390 x 844 with "phone"), clipped to the window; without it nothing is written.
// At 390 x 844, in English and in Chinese, as the student and as the teacher, it opens the
// log-in page (and its answer to a wrong password), each page of PAGES, a refused submission (its code kept beside the error)
// and a self-test's result, and checks that none scrolls sideways:
// document.documentElement.scrollWidth <= window.innerWidth (with html and body not
// clipping: overflow-x visible, and no box cutting off its content without an ellipsis),
// and that the header takes at most a sixth of the screen's height. A page that scrolls is reported with the elements that stick out (the widest,
// and the outermost ones whose parent fits).
// The last line of output is JSON: how many pages were checked and the header's height.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = process.env;
const base = env.JUDGE_URL;
const pages = JSON.parse(env.PAGES);
const shots = JSON.parse(env.SHOTS || "[]");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 640 };

const profile = mkdtempSync(join(tmpdir(), "judge-chromium-phones-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  viewport: PHONE,
  deviceScaleFactor: 1,
});
context.setDefaultTimeout(60_000);
const page = context.pages()[0] ?? (await context.newPage());
const problems = [];
page.on("pageerror", (error) => problems.push("page error: " + error.message));

// What sticks out of the window on this page (null when nothing does). Runs in the page.
function sideways() {
  const width = window.innerWidth;
  const root = document.documentElement;
  const hidden = [root, document.body].filter((e) => getComputedStyle(e).overflowX !== "visible");
  // A box that cuts off what is wider than it (no scrolling, no ellipsis) hides it. (Form
  // fields scroll their own text.)
  const cut = [...document.body.querySelectorAll(":not(input, select, textarea, button)")].filter((e) => {
    const style = getComputedStyle(e);
    return (
      (style.overflowX === "hidden" || style.overflowX === "clip") &&
      style.textOverflow !== "ellipsis" &&
      e.scrollWidth > e.clientWidth + 1
    );
  });
  if (root.scrollWidth <= width && hidden.length === 0 && cut.length === 0) return null;
  const name = (e) => {
    let text = e.tagName.toLowerCase();
    if (e.id) text += "#" + e.id;
    for (const c of e.classList) text += "." + c;
    return text;
  };
  const path = (e) => {
    const parts = [];
    for (let at = e; at && at !== root; at = at.parentElement) parts.unshift(name(at));
    return parts.join(" > ");
  };
  // Inside a box that scrolls (or clips) and itself fits: that box scrolls, not the page.
  const contained = (e) => {
    for (let at = e.parentElement; at && at !== document.body && at !== root; at = at.parentElement) {
      if (getComputedStyle(at).overflowX !== "visible") return at.getBoundingClientRect().right <= width + 0.5;
    }
    return false;
  };
  const out = [...document.body.querySelectorAll("*")].filter(
    (e) => e.getBoundingClientRect().right > width + 0.5 && !contained(e),
  );
  const describe = (e) => {
    const box = e.getBoundingClientRect();
    return {
      element: path(e),
      left: Math.round(box.left),
      right: Math.round(box.right),
      width: Math.round(box.width),
      text: (e.textContent || "").replace(/\s+/g, " ").trim().slice(0, 80),
    };
  };
  const widest = [...out].sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)[0];
  return {
    scrollWidth: root.scrollWidth,
    innerWidth: width,
    hiddenOverflow: hidden.map(name),
    cutOff: cut.slice(0, 6).map((e) => ({ element: path(e), width: e.clientWidth, content: e.scrollWidth })),
    widest: widest ? describe(widest) : null,
    outermost: out.filter((e) => !out.includes(e.parentElement)).slice(0, 6).map(describe),
  };
}

const failures = [];
let checked = 0;
let tallestHeader = 0;

async function check(label) {
  await page.waitForLoadState("load");
  const found = await page.evaluate(sideways);
  checked += 1;
  const header = await page.evaluate(() => {
    const top = document.querySelector("header.top");
    return top ? Math.round(top.getBoundingClientRect().height) : 0;
  });
  tallestHeader = Math.max(tallestHeader, header);
  if (found) failures.push({ page: label, url: page.url(), ...found });
  if (header > PHONE.height / 6) failures.push({ page: label, url: page.url(), header_px: header });
}

async function open(path, label) {
  const response = await page.goto(base + path);
  const type = response.headers()["content-type"] || "";
  if (!type.startsWith("text/html")) throw new Error(`${path} is not a page (${type})`);
  await check(label);
}

async function logIn(name, password) {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", password);
  await Promise.all([page.waitForURL(/\/problems$/), page.click("form.login button[type=submit]")]);
}

async function failedLogIn(label) {
  await page.goto(base + "/login");
  await page.fill("input[name=name]", "nobody");
  await page.fill("input[name=password]", "not the password");
  await Promise.all([page.waitForLoadState("load"), page.click("form.login button[type=submit]")]);
  await page.waitForSelector(".error-message");
  await check(label);
}

async function logOut() {
  await page.goto(base + "/problems");
  await Promise.all([page.waitForURL(/\/login/), page.click("header.top form[action='/logout'] button")]);
}

// A source with a line longer than any phone, for the pages that show code.
const longLine = "x = " + JSON.stringify("a long line of code that does not fit on a phone ".repeat(6));

async function refusedSubmission(label) {
  await page.goto(base + "/submit?problem=maze");
  await page.selectOption("#submit-form select[name=language]", "");
  await page.fill("#submit-form textarea[name=source]", longLine + "\nprint(x)\n");
  await Promise.all([page.waitForLoadState("load"), page.click("#submit-form button[type=submit]")]);
  await page.waitForSelector("#submit-error");
  await check(label);
}

async function selfTest(label) {
  await page.goto(base + "/self-test?problem=maze");
  await page.selectOption("#self-test-form select[name=language]", "python3");
  await page.fill(
    "#self-test-form textarea[name=source]",
    `import sys\n${longLine}\nprint(x)\nprint(x, file=sys.stderr)\nprint(sys.stdin.read())\n`,
  );
  await page.fill("#self-test-form textarea[name=input]", "3 3\n...\n.#.\n...\n");
  await Promise.all([page.waitForURL(/\/self-test$/), page.click("#self-test-form button[type=submit]")]);
  await page.waitForSelector("#self-test-result");
  await check(label);
}

async function language(code) {
  await page.goto(base + "/language?to=" + code + "&next=%2Flogin");
  const lang = await page.getAttribute("html", "lang");
  if (!lang.startsWith(code)) throw new Error(`the switch to ${code} gave a page in ${lang}`);
}

const accounts = {
  student: [env.STUDENT, env.STUDENT_PASSWORD],
  teacher: [env.TEACHER, env.TEACHER_PASSWORD],
};

try {
  for (const code of ["en", "zh"]) {
    await language(code);
    await open("/login", `${code} log-in`);
    await failedLogIn(`${code} failed log-in`);
    for (const role of ["student", "teacher"]) {
      await logIn(...accounts[role]);
      for (const path of pages[role]) await open(path, `${code} ${role} ${path}`);
      await refusedSubmission(`${code} ${role} refused submission`);
      await selfTest(`${code} ${role} self-test result`);
      await logOut();
    }
  }

  if (env.SCREENSHOTS) {
    await language("en");
    for (const role of ["student", "teacher"]) {
      await logIn(...accounts[role]);
      for (const shot of shots.filter((s) => s.role === role)) {
        await page.setViewportSize(shot.phone ? PHONE : DESKTOP);
        await page.goto(base + shot.path);
        await page.screenshot({ path: join(env.SCREENSHOTS, shot.name), fullPage: false });
      }
      await page.setViewportSize(PHONE);
      await logOut();
    }
  }

  if (problems.length > 0) throw new Error("errors in the pages: " + problems.join("; "));
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} failures in ${checked} pages at ${PHONE.width} x ${PHONE.height} px:\n` +
        failures.map((f) => JSON.stringify(f, null, 1)).join("\n"),
    );
  }
  console.log(JSON.stringify({ checked, tallest_header_px: tallestHeader, width: PHONE.width }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
