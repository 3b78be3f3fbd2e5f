// The judge's only script: live status of pending submissions, local times, and picking
// the language from an uploaded file's extension. Pages work without it (reload by hand).
"use strict";

function localTimes() {
  for (const el of document.querySelectorAll("time[datetime]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (!isNaN(when)) {
      el.title = el.textContent;
      el.textContent = when.toLocaleString();
    }
  }
}

function pollStatus() {
  const pending = Array.from(document.querySelectorAll("[data-pending][data-submission]"));
  if (pending.length === 0) return;
  const ids = pending.map((el) => el.dataset.submission).join(",");
  const reloadWhenDone = document.getElementById("result") !== null;
  fetch("/submissions/status?ids=" + encodeURIComponent(ids), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then((data) => {
      let finished = false;
      for (const s of data.submissions) {
        const el = document.querySelector('[data-submission="' + s.id + '"]');
        if (!el) continue;
        const words = el.querySelector(".status-text");
        if (s.done) {
          finished = true;
          el.removeAttribute("data-pending");
          const badge = el.querySelector(".verdict");
          badge.textContent = s.verdict || "?";
          badge.className = "verdict v-" + (s.verdict || "pending");
          words.textContent = s.text.replace(/^\S+\s*/, "");
        } else if (words) {
          words.textContent = s.text;
        }
      }
      // A submission's page shows the per-test table once judged: reload it.
      if (finished && reloadWhenDone) window.location.reload();
      else setTimeout(pollStatus, 700);
    })
    .catch(() => setTimeout(pollStatus, 3000));
}

function languageFromFile() {
  const file = document.getElementById("file");
  const language = document.getElementById("language");
  if (!file || !language) return;
  file.addEventListener("change", () => {
    const name = file.files.length ? file.files[0].name : "";
    const extension = name.includes(".") ? name.split(".").pop().toLowerCase() : "";
    for (const option of language.options) {
      const extensions = (option.dataset.extensions || "").split(" ");
      if (extension && extensions.includes(extension)) {
        language.value = option.value;
        return;
      }
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  localTimes();
  languageFromFile();
  setTimeout(pollStatus, 400);
});
