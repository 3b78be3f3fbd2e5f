// The contest clock: counts down from the server's end time and the server's now as the
// page carried them (the reader's own clock only measures the time since the page loaded),
// in the format the server writes (views/clock.rs, remaining(); the unit of days in the
// page's language is the clock's data-day-unit).
(function () {
  "use strict";
  function remaining(ms, dayUnit) {
    var total = Math.max(0, Math.floor(ms / 1000));
    var days = Math.floor(total / 86400);
    var hours = Math.floor(total / 3600) % 24;
    var minutes = Math.floor(total / 60) % 60;
    var seconds = total % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    if (days === 0 && hours === 0) return minutes + ":" + two(seconds);
    if (days === 0) return hours + ":" + two(minutes) + ":" + two(seconds);
    return days + " " + dayUnit + " " + hours + ":" + two(minutes) + ":" + two(seconds);
  }
  function start() {
    var clocks = document.querySelectorAll(".contest-clock[data-end-ms]");
    if (clocks.length === 0) return;
    var loaded = Date.now();
    var tick = function () {
      var elapsed = Date.now() - loaded;
      clocks.forEach(function (clock) {
        var left = Number(clock.dataset.endMs) - Number(clock.dataset.nowMs) - elapsed;
        var shown = clock.querySelector("[data-clock-left]");
        if (shown) shown.textContent = remaining(left, clock.dataset.dayUnit || "d");
        if (left <= 0) clock.classList.add("clock-ended");
      });
    };
    tick();
    window.setInterval(tick, 1000);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
