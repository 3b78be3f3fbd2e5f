// The judge's only script: live status of pending submissions (server-sent events, else
// polling), local times, the browser's offset from UTC in the contest editor, and picking
// the language from an uploaded file's extension.
// Pages work without it (reload by hand).
"use strict";

function localTimes() {
  for (const el of document.querySelectorAll("time[datetime]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (!isNaN(when)) {
      el.title = el.textContent;
      el.textContent = when.toLocaleString(document.documentElement.lang || undefined);
    }
  }
}

// An offset-from-UTC field the server could fill in only with UTC (the course has no
// time yet) gets this browser's offset instead: +08:00 in China, Z in UTC. The offset of
// today; a time picked across a daylight-saving change keeps what is shown, as typed.
function browserOffsets() {
  const minutes = -new Date().getTimezoneOffset();
  const two = (n) => String(n).padStart(2, "0");
  const offset =
    minutes === 0
      ? "Z"
      : (minutes < 0 ? "-" : "+") + two(Math.floor(Math.abs(minutes) / 60)) + ":" + two(Math.abs(minutes) % 60);
  for (const el of document.querySelectorAll("input[data-browser-offset]")) {
    el.value = offset;
  }
}

// Shows statuses ({id, done, verdict, text, cpu, memory}) on the page; true when one of
// them finished.
function showStatuses(statuses) {
  let finished = false;
  for (const s of statuses) {
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
      const row = document.querySelector('tr[data-row="' + s.id + '"]');
      for (const field of ["cpu", "memory"]) {
        const cell = row && row.querySelector('[data-field="' + field + '"]');
        if (cell && s[field]) cell.textContent = s[field];
      }
    } else if (words) {
      words.textContent = s.text;
    }
  }
  return finished;
}

function pendingIds() {
  return Array.from(document.querySelectorAll("[data-pending][data-submission]")).map(
    (el) => el.dataset.submission,
  );
}

// A submission's page shows the per-test table once judged: it reloads itself.
function afterUpdate(finished) {
  if (finished && document.getElementById("result") !== null) {
    window.location.reload();
    return false;
  }
  return pendingIds().length > 0;
}

function pollStatus() {
  const ids = pendingIds();
  if (ids.length === 0) return;
  fetch("/submissions/status?ids=" + encodeURIComponent(ids.join(",")), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then((data) => {
      if (afterUpdate(showStatuses(data.submissions))) setTimeout(pollStatus, 700);
    })
    .catch(() => setTimeout(pollStatus, 3000));
}

// Live status as the server stores it (server-sent events); polling when the browser
// has no EventSource or the stream fails.
function liveStatus() {
  const ids = pendingIds();
  if (ids.length === 0) return;
  if (typeof EventSource === "undefined") {
    setTimeout(pollStatus, 400);
    return;
  }
  const stream = new EventSource("/submissions/events?ids=" + encodeURIComponent(ids.join(",")));
  stream.addEventListener("status", (event) => {
    if (!afterUpdate(showStatuses(JSON.parse(event.data).submissions))) stream.close();
  });
  stream.onerror = () => {
    stream.close();
    if (pendingIds().length > 0) setTimeout(pollStatus, 700);
  };
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
  browserOffsets();
  languageFromFile();
  liveStatus();
});
