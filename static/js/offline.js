// Scoring without a network, on the table page of a scorer (README: "Offline at the table").
//
// - Registers the service worker (/sw.js) and keeps this page, its styles and scripts in the
//   browser's cache, so that the page opens again without a network.
// - Without a network, "Save deal" keeps the deal in this browser (IndexedDB) instead: it is
//   listed under the sheet as waiting to be sent, and the form moves on to the next deal.
//   A waiting deal can be corrected, and the last one undone. Nothing is scored here: the
//   sheet shows only what the server has saved, and says so while there is no network; what
//   only the server can do (undo or correct a saved deal, print) says it needs the network.
// - With a network, the waiting deals are posted in order, exactly as the form would post
//   them, each with its own one-time nonce (a repeated post is harmless). A deal the server
//   refuses stays listed with its reason until the scorer fixes it or drops it.
// Every word shown comes from the page (data- attributes), in the reader's language.
"use strict";

(() => {
  const box = document.getElementById("waiting");
  if (!box || !window.indexedDB || !window.fetch || !window.htmx) return;
  const words = box.dataset;
  const ACTION = new URL(words.action, location.href).pathname;
  const PAGE = location.origin + location.pathname;
  const CACHE = "scorebook-offline-v1"; // the service worker's cache (static/js/sw.js)
  const list = box.querySelector("ol");
  const say = (template, values) => template.replace(/\{(\w+)\}/g, (all, key) => values[key] ?? all);
  const hex = (b) => b.toString(16).padStart(2, "0");
  const fresh = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), hex).join("");

  let queue = []; // this table's waiting deals, in the order of their numbers
  let editing = null; // the waiting deal in the form, being corrected
  let syncing = false;
  let keeping = false;
  let unreachable = false; // a request just failed for want of a network
  const offline = () => !navigator.onLine || unreachable;

  // ---- the store: one IndexedDB object store of waiting deals, for every table -------------
  let opened;
  const database = () =>
    (opened ??= new Promise((resolve, reject) => {
      const request = indexedDB.open("scorebook-offline", 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore("waiting", { keyPath: "id", autoIncrement: true });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }));
  async function store(mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction("waiting", mode);
      const request = work(tx.objectStore("waiting"));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  }
  const saveAll = (deals) => store("readwrite", (s) => deals.forEach((d) => s.put(d)));
  const forget = (id) => store("readwrite", (s) => s.delete(id));
  async function load() {
    const deals = await store("readonly", (s) => s.getAll());
    queue = deals.filter((d) => d.action === ACTION).sort((a, b) => a.number - b.number || a.id - b.id);
    return queue;
  }

  // ---- a line above the form: no network, a deal kept, deals sent ----------------------------
  const banner = document.createElement("p");
  banner.className = "alert";
  banner.id = "network-note";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  document.getElementById("live")?.before(banner);
  function note(text, error = false) {
    banner.textContent = text;
    banner.hidden = !text;
    banner.classList.toggle("error", error);
  }

  // ---- the deal form ---------------------------------------------------------------------------
  const form = () => document.getElementById("deal-form");
  const serverNext = () => {
    const saved = document.querySelectorAll("#sheet ol.deal-log:not(.undone) > li");
    return Math.max(0, ...[...saved].map((li) => li.value)) + 1;
  };
  // A tap (not on a default choice such as honours "none claimed"), a choice other than the
  // first (the form's "nothing"), a word typed.
  const entered = (el) => {
    if (el.type === "radio" || el.type === "checkbox") return el.checked && !el.hasAttribute("data-default");
    return el.tagName === "SELECT" ? el.selectedIndex > 0 : Boolean(el.value.trim());
  };

  // What was entered, in the form's own words: "Trumps: ♠", "Tricks of NS: 7", …
  function summaryOf(f) {
    const parts = [];
    for (const el of f.elements) {
      if (!el.name || el.type === "hidden" || el.name === "dealer" || !entered(el)) continue;
      let value = el.value.trim();
      let label = el.id ? f.querySelector(`label[for="${el.id}"]`)?.textContent.trim() : "";
      if (el.type === "radio" || el.type === "checkbox") {
        const tap = el.closest("label");
        value = (tap?.querySelector("span:not(.sr-only)") || tap)?.textContent.trim() || value;
        const legend = el.type === "radio" && el.closest("fieldset")?.querySelector("legend");
        // "Tricks of NS (EW takes the rest)": the words before the brackets
        label = legend ? legend.textContent.replace(/\s*\(.*\)\s*$/, "").trim() : "";
      } else if (el.tagName === "SELECT") {
        value = el.selectedOptions[0]?.textContent.trim() || value;
      }
      parts.push(label ? `${label}: ${value}` : value);
    }
    return parts;
  }

  function nextDealer(f, seat, voided) {
    const seats = [...(f.elements.dealer?.options || [])].map((o) => o.value).filter(Boolean);
    const at = seats.indexOf(seat);
    if (at < 0) return "";
    return voided === "redeal" ? seat : seats[(at + 1) % seats.length];
  }

  function title(f, number, correcting) {
    const head = f.querySelector(".deal-title");
    if (!head) return;
    head.textContent = say(correcting ? words.correcting : words.deal, { n: number });
    // Too long to share a line with the Dealer choice at 360 px: it keeps its own (site.css).
    head.classList.toggle("correcting", Boolean(correcting));
    const [seat, name] = (f.elements.dealer?.selectedOptions[0]?.textContent || "").split(" · ");
    if (!correcting && name) {
      const small = document.createElement("small");
      small.textContent = "· " + say(words.deals, { name: name.trim(), seat: seat.trim() });
      head.append(" ", small);
    }
  }

  function clear(f) {
    for (const el of f.elements) {
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.hasAttribute("data-default");
      else if (el.tagName === "SELECT" && el.name !== "dealer") el.selectedIndex = 0;
      else if (el.tagName === "TEXTAREA" || el.type === "text") el.value = "";
    }
    f.querySelectorAll(".field-error").forEach((e) => e.remove());
    f.querySelectorAll("details").forEach((d) => (d.open = false));
  }

  // The form for the next new deal: after the last waiting one, or the sheet's next one.
  function nextDeal(f, { blank = false } = {}) {
    if (!f) return;
    if (!f.dataset.serverNumber) {
      // As the server wrote it: the dealer it expects after the sheet's last deal.
      f.dataset.serverNumber = f.elements.number.value;
      f.dataset.serverDealer = f.elements.dealer?.value || "";
    }
    editing = null;
    f.querySelector("button.cancel")?.remove();
    if (blank) clear(f);
    const last = queue[queue.length - 1];
    const number = last ? last.number + 1 : blank ? serverNext() : Number(f.elements.number.value);
    if (blank || Number(f.elements.number.value) !== number) f.elements.nonce.value = fresh();
    f.elements.number.value = number;
    const dealer = last
      ? nextDealer(f, last.dealer, last.voided)
      : String(number) === f.dataset.serverNumber && f.dataset.serverDealer;
    if (dealer && f.elements.dealer) f.elements.dealer.value = dealer;
    if (last || blank) title(f, number, false);
  }

  // A waiting deal back in the form, to be corrected (or fixed, after a refusal).
  function edit(deal) {
    const f = form();
    if (!f) return;
    nextDeal(f, { blank: true });
    editing = deal;
    for (const [name, value] of deal.fields) {
      for (const el of f.querySelectorAll(`[name="${CSS.escape(name)}"]:not([type=hidden])`)) {
        if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === value;
        else el.value = value;
      }
    }
    f.querySelectorAll("details").forEach((d) => (d.open = [...d.querySelectorAll("[name]")].some(entered)));
    // The rotation the phone followed may not be the sheet's (another phone saved deals in
    // between): the dealer is offered here, even where the rotation named him.
    f.querySelector(".field-row.dealer")?.removeAttribute("hidden");
    f.elements.number.value = deal.number;
    title(f, deal.number, true);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = words.cancel;
    cancel.addEventListener("click", () => nextDeal(form(), { blank: true }));
    f.querySelector("button[type=submit]")?.after(cancel);
    f.scrollIntoView({ block: "start" });
    window.scorebookFocus?.focusFirstControl(f); // the keyboard follows, from the list below
  }

  // ---- keeping a deal on the phone -------------------------------------------------------------
  async function keep(f, { busy = false } = {}) {
    const summary = summaryOf(f);
    if (!summary.length) return note(words.empty);
    const deal = {
      action: ACTION,
      number: editing ? editing.number : Number(f.elements.number.value),
      // The form's nonce is fresh (from the server or from here), or the one of a send that
      // failed: the server may have saved that one, and then a second send is harmless.
      nonce: editing ? fresh() : f.elements.nonce.value || fresh(),
      fields: [...new FormData(f)].filter(([name]) => name !== "csrfmiddlewaretoken"),
      dealer: f.elements.dealer?.value || "",
      dealerShown: f.elements.dealer?.selectedOptions[0]?.textContent.trim() || "", // "N · Anna"
      voided: f.elements.void?.value || "",
      summary,
      status: "",
      message: "",
    };
    if (editing) deal.id = editing.id;
    await saveAll([deal]);
    document.getElementById("flash")?.replaceChildren(); // no "Deal 1 saved." above a kept deal
    await load();
    nextDeal(f, { blank: true });
    render();
    if (busy) {
      note(say(words.keptBusy, { n: deal.number }));
      banner.scrollIntoView({ block: "start" });
    } else if (offline()) {
      note(say(words.kept, { n: deal.number }));
      banner.scrollIntoView({ block: "start" });
    } else note("");
    sync();
  }

  // Capture phase: this runs before htmx sees the submit. With a network and nothing waiting,
  // htmx posts the form as always.
  document.addEventListener(
    "submit",
    async (event) => {
      const f = event.target;
      if (f.id !== "deal-form" || (!offline() && !queue.length && !editing)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (keeping) return; // a double tap
      keeping = true;
      try {
        await keep(f);
      } finally {
        keeping = false;
      }
    },
    true,
  );

  // A save the server could not take (a 5xx: restarting, overloaded) is kept on the phone as
  // without a network, and sent again with the waiting deals (its nonce makes a second send of
  // a deal the server did save harmless). Capture phase: site.js need not say more.
  document.addEventListener(
    "htmx:responseError",
    async (event) => {
      const f = event.detail.elt;
      if (f?.id !== "deal-form" || event.detail.xhr.status < 500) return;
      event.stopPropagation();
      if (keeping) return;
      keeping = true;
      try {
        await keep(f, { busy: true });
      } finally {
        keeping = false;
      }
    },
    true,
  );

  // ---- sending ---------------------------------------------------------------------------------
  // The cookie's token as it is now (site.js), else the page's own.
  const csrfToken = () =>
    window.scorebook?.csrfToken() || document.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";

  function reasonOf(page, status) {
    const found = [...page.querySelectorAll(".alert.error, .field-error")].map((e) => e.textContent.trim());
    const reasons = [...new Set(found.filter(Boolean))].map((m) => (/[.!?…]$/.test(m) ? m : m + "."));
    return reasons.length ? reasons.join(" ") : say(words.failed, { status });
  }

  // Exactly what the form posts (with htmx), with the deal's own nonce.
  function send(deal) {
    const body = new URLSearchParams(deal.fields);
    body.set("number", deal.number);
    body.set("nonce", deal.nonce);
    body.set("csrfmiddlewaretoken", csrfToken());
    const headers = { "HX-Request": "true", "X-CSRFToken": csrfToken() };
    return fetch(deal.action, { method: "POST", body, headers, credentials: "same-origin" });
  }

  async function sync() {
    if (syncing || !navigator.onLine || editing || !queue.length) return;
    syncing = true;
    let sent = 0;
    let answer = null; // the server's last answer: the live part of the page, as htmx gets it
    try {
      for (const deal of await load()) {
        if (deal.status) break; // refused: the deals after it wait for the scorer's choice
        let response;
        try {
          response = await send(deal);
        } catch {
          unreachable = true;
          break; // no network after all: later
        }
        unreachable = false;
        if (response.status >= 500) {
          retrySoon(); // the server's trouble: again in a few seconds
          break;
        }
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        answer = { ok: response.ok, page };
        if (response.ok) {
          await forget(deal.id);
          sent += 1;
          continue;
        }
        // 409: another phone saved this number first (the server's words there are meant for
        // the form); anything else: the server's messages, e.g. the rules' verdict at a field.
        deal.status = response.status === 409 ? "conflict" : "refused";
        deal.message =
          response.status === 409 ? say(words.conflict, { n: deal.number }) : reasonOf(page, response.status);
        await saveAll([deal]);
        note(say(words.attention, { n: deal.number }), true); // the list may be far below
        break;
      }
      await load();
      if (answer) {
        const f = form();
        // A form nobody has started takes the server's (next number, dealer, "Deal 3 saved.");
        // otherwise only the sheet is replaced, so that no tap is lost.
        const whole = answer.ok && !queue.length && f && !editing && !summaryOf(f).length;
        await catchUp(answer.page.getElementById(whole ? "live" : "sheet"));
        if (sent && !queue.length) note(whole && sent === 1 ? "" : words.sent);
      }
    } finally {
      syncing = false;
      render();
    }
  }

  let retrying;
  function retrySoon() {
    clearTimeout(retrying);
    retrying = setTimeout(sync, 5000);
  }

  // Put the server's part of the page in place, or fetch the sheet if there is none.
  async function catchUp(part) {
    if (!part) await htmx.ajax("GET", words.sheet, { target: "#sheet", swap: "outerHTML" });
    else htmx.swap(`#${part.id}`, part.outerHTML, { swapStyle: "outerHTML" });
    // The server's message ("Deal 3 saved.") goes into the page's live region, which stays.
    const said = part?.id === "live" && part.ownerDocument.getElementById("flash");
    if (said) {
      const copies = [...said.childNodes].map((node) => document.importNode(node, true));
      document.getElementById("flash")?.replaceChildren(...copies);
    }
    if (part?.id === "live") nextDeal(form());
    copyPageSoon();
  }

  // ---- the list of waiting deals ---------------------------------------------------------------
  function render() {
    list.replaceChildren();
    box.hidden = !queue.length;
    queue.forEach((deal, at) => {
      const li = document.createElement("li");
      li.value = deal.number;
      li.dataset.status = deal.status || "waiting";
      const add = (tag, text, className = "") => {
        const el = li.appendChild(document.createElement(tag));
        el.textContent = text;
        el.className = className;
        return el;
      };
      // Each button named with its deal for a screen reader ("Fix deal 12"), its word first:
      // a list of "Fix", "Drop", "Correct" alone does not say which deal each one is about.
      const button = (text, action, name) => {
        const b = Object.assign(add("button", text), { type: "button", value: action });
        b.setAttribute("aria-label", say(name, { n: deal.number }));
        return b;
      };
      add("strong", say(words.deal, { n: deal.number }));
      const [seat, name] = deal.dealerShown.split(" · ");
      if (name) add("span", "· " + say(words.deals, { name, seat }));
      add("span", deal.summary.join(" · "));
      add("span", deal.status ? words.refused : words.waiting, "edited");
      if (deal.status) {
        // Why, said once by the note above the form (role=status): here it is the buttons'
        // description, not an alert read out again each time the list is drawn anew.
        const why = add("p", `${deal.message} ${words.choose}`, "field-error");
        why.id = `waiting-why-${deal.id}`;
        const choices = [button(words.fix, "fix", words.fixDeal), button(words.drop, "drop", words.dropDeal)];
        choices.forEach((b) => b.setAttribute("aria-describedby", why.id));
      } else {
        button(words.correct, "correct", words.correctDeal);
        if (at === queue.length - 1) button(words.undo, "drop", words.undoDeal);
      }
      li.dataset.id = deal.id;
      list.append(li);
    });
  }

  // Keep the numbers in a row after a drop or a fix, from ``start``.
  async function renumber(start) {
    const moved = [];
    queue.forEach((deal, at) => {
      if (deal.number !== start + at) moved.push(Object.assign(deal, { number: start + at }));
    });
    if (moved.length) await saveAll(moved);
    await load();
  }

  // The sheet's next number, fresh from the server; without a network, none.
  async function sheetNext() {
    if (offline()) return null;
    try {
      await catchUp(null);
      return serverNext();
    } catch {
      return null;
    }
  }

  box.addEventListener("click", async (event) => {
    const b = event.target.closest("li[data-id] button");
    const deal = b && queue.find((d) => String(d.id) === b.closest("li").dataset.id);
    if (!deal) return;
    if (b.value === "correct") {
      edit(deal);
    } else if (b.value === "fix") {
      // It becomes the sheet's next deal (another phone may have taken its number).
      await renumber((await sheetNext()) ?? queue[0].number);
      render();
      edit(queue.find((d) => d.id === deal.id));
    } else if (b.value === "drop" && window.confirm(say(words.confirm, { n: deal.number }))) {
      const first = queue[0].number;
      await forget(deal.id);
      await load();
      // The deals after it move up, or follow the sheet when the server can say where it is.
      await renumber((await sheetNext()) ?? first);
      const other = editing && queue.find((d) => d.id === editing.id);
      if (other) {
        // Another waiting deal is in the form: it keeps its place, under its new number.
        editing = other;
        form().elements.number.value = other.number;
        title(form(), other.number, true);
      } else nextDeal(form(), { blank: Boolean(editing) });
      note(offline() ? words.offline : "");
      render();
      // The button tapped is gone with its line: the keyboard goes on from the form.
      if (!box.contains(document.activeElement)) window.scorebookFocus?.focusFirstControl(form());
      sync();
    }
  });

  // ---- the network comes and goes ----------------------------------------------------------------
  // The page says it has none: the sheet's own note that it shows only what the server has
  // (site.css shows .sheet-offline under html.offline).
  const mark = () => document.documentElement.classList.toggle("offline", offline());
  window.addEventListener("offline", () => {
    mark();
    note(words.offline);
  });
  window.addEventListener("online", () => {
    unreachable = false;
    mark();
    note("");
    sync();
  });
  // What only the server can do (undo or correct a deal it has, print the sheet) says so at
  // once without a network, instead of a confirmation for nothing or the browser's error page.
  document.addEventListener(
    "click",
    (event) => {
      if (!offline()) return;
      const el = event.target.closest?.("#undo button, #sheet a.fix, a[href*='.pdf']");
      if (!el) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const n = el.closest("li")?.value;
      const text = el.closest("#undo") ? words.undoOffline : el.matches("a.fix") ? words.correctOffline : words.pdfOffline;
      note(say(text, { n }), true);
    },
    true,
  );
  setInterval(() => queue.some((d) => !d.status) && sync(), 30_000);
  // A request failed for want of a network (navigator.onLine may not know it): the next save
  // is kept on the phone. Any answer from the server ends that.
  document.addEventListener("htmx:sendError", () => {
    unreachable = true;
    mark();
    if (!banner.textContent) note(words.offline);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!unreachable || !event.detail.xhr?.status) return;
    unreachable = false;
    mark();
    if (banner.textContent === words.offline) note("");
    sync();
  });
  // After htmx brings a new form (a save, a catch-up), follow the waiting deals; after the
  // sheet changed, keep a copy of the page for the next time without a network.
  document.addEventListener("htmx:afterSettle", (event) => {
    // the form's preview (table.html#deal-preview) changes no sheet, and brings no page to keep
    if (event.detail.requestConfig?.elt?.id === "deal-preview") return;
    if (event.detail.target?.id === "live" && !editing) nextDeal(form());
    if (event.detail.xhr?.status === 200) copyPageSoon();
    followSheet();
  });

  // Another phone saved the deal this form offers (the poll brought it onto the sheet): a form
  // nobody has started moves on to the sheet's next deal, with its number and dealer, instead
  // of offering a number already taken (a save would be refused as a conflict). A form with
  // taps in it keeps them: that save's refusal then says what happened.
  let followed = ""; // the sheet's version the form was last brought up to (once per version)
  function followSheet() {
    const f = form();
    const version = document.getElementById("sheet-poll")?.dataset.version || "";
    if (!f || editing || syncing || queue.length || version === followed) return;
    if (serverNext() > Number(f.elements.number.value) && !summaryOf(f).length) {
      followed = version;
      htmx.ajax("GET", PAGE, { target: "#live", swap: "outerHTML" });
    }
  }

  let copying;
  function copyPageSoon() {
    clearTimeout(copying);
    copying = setTimeout(() => {
      if (window.caches && !offline()) caches.open(CACHE).then((cache) => cache.add(PAGE)).catch(() => {});
    }, 1000);
  }

  async function keepShell() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    await navigator.serviceWorker.register(words.worker, { scope: "/t/" });
    if (!offline()) {
      const shell = document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]");
      const cache = await caches.open(CACHE);
      const urls = new Set([...[...shell].map((el) => el.src || el.href), PAGE]);
      await Promise.allSettled([...urls].map((url) => cache.add(url))); // each on its own
    }
    await navigator.serviceWorker.ready;
  }

  // ---- start ---------------------------------------------------------------------------------------
  (async () => {
    // A page from the cache may carry nonces already used: every form gets new ones.
    document.querySelectorAll("#live input[name=nonce]").forEach((input) => (input.value = fresh()));
    if (!navigator.onLine) note(words.offline);
    mark();
    await load();
    render();
    nextDeal(form());
    sync();
    try {
      await keepShell();
      box.dataset.ready = "1";
    } catch {
      // No service worker: the page still keeps and sends deals while it stays open.
    }
  })();
})();
