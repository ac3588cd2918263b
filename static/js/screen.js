// The room's screen (templates/clubs/screen.html): full screen on a tap, a night of more
// tables than the screen holds paged through, a page every few seconds, and the round clock. htmx replaces the
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

  // The pages: each group's cards (a night in rounds: the next round's seating, the last
  // round's results), at most a page's size of them on one page; a group's title and its
  // sit-out line show with its page.
  function show() {
    const grid = document.querySelector(".screen-tables");
    if (!grid) return;
    const size = Number(grid.dataset.pageSize) || 12;
    const cards = [...grid.querySelectorAll(".screen-table")];
    const groups = new Map();
    cards.forEach((card) => {
      const key = card.dataset.group || "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(card);
    });
    const pages = [];
    groups.forEach((list, key) => {
      for (let i = 0; i < list.length; i += size) {
        pages.push({ key, cards: list.slice(i, i + size), first: i + 1, count: list.length });
      }
    });
    if (!pages.length) return;
    page %= pages.length;
    const shown = pages[page];
    cards.forEach((card) => {
      card.hidden = !shown.cards.includes(card);
    });
    document.querySelectorAll("[data-group]:not(.screen-table)").forEach((el) => {
      el.hidden = el.dataset.group !== shown.key;
    });
    if (label) {
      label.hidden = shown.count <= size;
      label.textContent = (label.dataset.words || "")
        .replace("{first}", String(shown.first))
        .replace("{last}", String(shown.first + shown.cards.length - 1))
        .replace("{count}", String(shown.count));
    }
  }

  // The round clock counts down on the server's time, not this machine's: each poll's answer
  // says the server's time (X-Server-Time, a 204 too), the page's own when it was made.
  let offset = 0; // the server's clock minus this machine's, in seconds

  function learn(serverTime) {
    const t = Number(serverTime);
    if (t > 0) offset = t - Date.now() / 1000;
  }

  function tick() {
    const clock = document.querySelector(".screen-clock");
    if (!clock) return;
    const left = Math.floor(Number(clock.dataset.ends) - (Date.now() / 1000 + offset));
    const shown = clock.querySelector(".clock-left");
    const words = clock.querySelector(".clock-label");
    const up = !(left > 0);
    clock.classList.toggle("up", up);
    if (words) words.hidden = up;
    if (shown) {
      const minutes = Math.floor(left / 60);
      const seconds = String(left % 60).padStart(2, "0");
      shown.textContent = up ? clock.dataset.up || "" : `${minutes}:${seconds}`;
    }
  }

  const first = document.querySelector(".screen-clock");
  if (first) learn(first.dataset.now);
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail && event.detail.xhr;
    const time = xhr && xhr.getResponseHeader("X-Server-Time");
    if (time) learn(time);
    tick();
  });
  document.addEventListener("htmx:afterSwap", tick);
  setInterval(tick, 500);
  tick();

  // After each swap, before the browser paints it: the new tables on the page being shown.
  document.addEventListener("htmx:afterSwap", show);
  setInterval(() => {
    page += 1;
    show();
  }, seconds * 1000);
  show();
})();
