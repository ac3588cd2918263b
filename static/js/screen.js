// The room's screen (templates/clubs/screen.html): full screen on a tap, and a night of more
// tables than the screen holds paged through, a page every few seconds. htmx replaces the
// tables every few seconds (the poll); the page being shown is kept across those swaps.
"use strict";

(() => {
  const button = document.getElementById("fullscreen");
  if (button && document.fullscreenEnabled) {
    const shown = () => {
      button.hidden = Boolean(document.fullscreenElement);
    };
    button.addEventListener("click", () => {
      document.documentElement.requestFullscreen().catch(() => {});
    });
    document.addEventListener("fullscreenchange", shown);
    shown();
  }

  const label = document.getElementById("screen-page");
  const seconds = Number(document.body.dataset.turnSeconds) || 10;
  let page = 0;

  function show() {
    const grid = document.querySelector(".screen-tables");
    if (!grid) return;
    const size = Number(grid.dataset.pageSize) || 12;
    const cards = [...grid.querySelectorAll(".screen-table")];
    const pages = Math.max(1, Math.ceil(cards.length / size));
    page %= pages;
    cards.forEach((card, i) => {
      card.hidden = Math.floor(i / size) !== page;
    });
    if (label) {
      label.hidden = pages < 2;
      label.textContent = (label.dataset.words || "")
        .replace("{first}", String(page * size + 1))
        .replace("{last}", String(Math.min(cards.length, (page + 1) * size)))
        .replace("{count}", String(cards.length));
    }
  }

  // After each swap, before the browser paints it: the new tables on the page being shown.
  document.addEventListener("htmx:afterSwap", show);
  setInterval(() => {
    page += 1;
    show();
  }, seconds * 1000);
  show();
})();
