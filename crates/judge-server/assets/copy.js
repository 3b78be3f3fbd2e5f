// Copy buttons of the samples (views/problems.rs): each copies its data-copy text exactly.
// Needs no other script. The buttons are hidden until this shows them, so a page without
// JavaScript has no button that does nothing (the text can be selected by hand).
"use strict";

// The clipboard API where the page may use it (https, localhost); else a selected
// textarea and the older copy command (plain http on a classroom network).
function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text);
  }
  return new Promise((resolve, reject) => {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    if (done) resolve();
    else reject(new Error("copy refused"));
  });
}

function copyButtons() {
  for (const button of document.querySelectorAll("button.copy[data-copy]")) {
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", () => {
      copyText(button.dataset.copy).then(
        () => {
          button.textContent = button.dataset.copied || label;
        },
        () => {
          button.textContent = button.dataset.copyFailed || label;
        },
      );
      setTimeout(() => {
        button.textContent = label;
      }, 2000);
    });
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", copyButtons);
} else {
  copyButtons();
}
