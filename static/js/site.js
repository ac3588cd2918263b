// On every page, for the requests htmx sends (base.html loads this after htmx):
//
// - Each carries the CSRF token as the cookie holds it now. Signing in or out in another tab
//   renews the token, and the one written into this page when it opened would be refused: a
//   scorer's every save would fail until a reload.
// - A request the server refuses (htmx swaps nothing on a 4xx or 5xx, base.html) says why,
//   above the form that sent it or at the top of the page, in the server's words from its own
//   error page: "Not saved. Nothing is here: the link … was replaced by a new one." The message
//   goes away when the same form gets through. (A save that meets a server in trouble is
//   kept on the phone instead, by offline.js, which then stops this event.)
"use strict";

// Where the keyboard (and a screen reader's focus) goes when a form comes back.
const shownOnScreen = (el) => (el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null);
// A row of radios is one stop for the keyboard: its checked radio, else its first.
function stopOf(el) {
  if (el.type !== "radio" || el.checked || !el.form) return el;
  return el.form.querySelector(`input[type=radio][name="${CSS.escape(el.name)}"]:checked`) || el;
}
const CONTROLS = "input:not([type=hidden]), select, textarea";

// The first control of a form (a new deal's first row of taps, or its dealer).
function focusFirstControl(form) {
  const first = [...(form?.querySelectorAll(CONTROLS) || [])].find(shownOnScreen);
  if (!first) return false;
  stopOf(first).focus({ preventScroll: true });
  return true;
}

// The first field in error of a refused form: the first control marked aria-invalid (the deal
// form's: tied to its message by aria-describedby), or, on the other forms, the first control
// beside the first message. A deal form's message about no field shown (the deal as a whole,
// above its taps) is itself focused, to be read out.
function focusFirstError(root) {
  for (const el of root?.querySelectorAll("[aria-invalid=true], .field-error") || []) {
    if (!shownOnScreen(el)) continue;
    if (!el.classList.contains("field-error")) {
      stopOf(el).focus({ preventScroll: true });
      return true;
    }
    // A message of the deal form: its field (whose controls point at it, before or after it),
    // else the message itself, read out as the place to start from (the deal as a whole).
    const pointing = el.id ? root.querySelectorAll(`[aria-describedby~="${CSS.escape(el.id)}"]`) : [];
    const field = [...pointing].find(shownOnScreen);
    if (field) {
      stopOf(field).focus({ preventScroll: true });
      return true;
    }
    if (el.closest(".deal-form")) {
      el.tabIndex = -1;
      el.focus({ preventScroll: true });
      return true;
    }
    const beside = el.parentElement?.querySelector(CONTROLS);
    beside?.focus({ preventScroll: true });
    return Boolean(beside);
  }
  return false;
}
window.scorebookFocus = { focusFirstControl, focusFirstError };

// A refused form's first message, brought into sight when it is not: with large text the taps
// above it can push it a screen down, or under Save, which stays at the foot of the screen.
function showFirstMessage(form) {
  const first = [...form.querySelectorAll(".field-error")].find(shownOnScreen);
  if (!first) return;
  const box = first.getBoundingClientRect();
  const save = form.querySelector("button.save");
  const floor = save ? save.getBoundingClientRect().top : window.innerHeight;
  if (box.top < 0 || box.bottom > floor) first.scrollIntoView({ block: "center" });
}

// A form sent without htmx and refused comes back as a whole page, shown from its top; its
// first error may be screens below (the new-table form's folded sections on a phone), and the
// tap would seem to have done nothing. The page opens on that error, its field focused.
(() => {
  const first = document.querySelector("main .field-error");
  if (!first) return;
  first.scrollIntoView({ block: "center" });
  focusFirstError(document.querySelector("main"));
})();

(() => {
  if (!window.htmx) return;
  const words = document.body.dataset;

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    return cookie ? decodeURIComponent(cookie.slice("csrftoken=".length)) : "";
  }
  window.scorebook = { csrfToken }; // offline.js sends its waiting deals with it too

  document.addEventListener("htmx:configRequest", (event) => {
    const token = csrfToken();
    if (!token) return; // no cookie (yet): the page's own token
    event.detail.headers["X-CSRFToken"] = token;
    const data = event.detail.formData;
    if (data?.has("csrfmiddlewaretoken")) data.set("csrfmiddlewaretoken", token);
  });

  // The server's words for the refusal: the lead paragraph of its error page, or its title.
  function reasonOf(xhr) {
    const page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
    const found = page.querySelector("main .lead") || page.querySelector("main h1");
    return found?.textContent.trim() || words.requestFailed;
  }

  // The deal form's preview (table.html#deal-preview): what Save will write, from the server,
  // which scores the deal as Save would and saves nothing. Without a network it is not sent,
  // and says that it needs one (a request that meets no network says the same); nothing else
  // waits on it, and Save keeps the deal on the phone as always (offline.js).
  const isPreview = (elt) => elt?.id === "deal-preview";
  function previewSays(preview, text) {
    const body = preview.querySelector(".preview-body");
    if (!body || !text) return;
    const note = document.createElement("p");
    note.className = "preview-note";
    note.textContent = text;
    body.replaceChildren(note);
  }
  const needsNetwork = (event) => {
    const { elt } = event.detail;
    if (isPreview(elt)) previewSays(elt, elt.dataset.offline);
  };
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!isPreview(event.detail.elt) || navigator.onLine) return;
    event.preventDefault();
    needsNetwork(event);
  });
  // A whole deal's preview whose first line is under Save (which stays at the foot of the
  // screen) or below the screen is brought into sight, the taps moving up by its height: it is
  // seen, not looked for. One in sight, or a message asking for a tap, stays where it is.
  document.addEventListener("htmx:afterSettle", (event) => {
    const preview = event.detail.requestConfig?.elt;
    if (!isPreview(preview) || !preview.querySelector(".preview-log")) return;
    const save = preview.closest("form")?.querySelector("button.save");
    const floor = save ? save.getBoundingClientRect().top : window.innerHeight;
    const body = preview.querySelector(".preview-body");
    const first = body?.firstElementChild; // who wins what, or the deal's line
    if (first && first.getBoundingClientRect().bottom > floor) body.scrollIntoView({ block: "nearest" });
  });
  document.addEventListener("htmx:sendError", needsNetwork);
  document.addEventListener("htmx:timeout", needsNetwork);
  // The network gone while a preview is shown: it may no longer be what Save writes (another
  // phone may save first); back, the preview is asked again for what the form holds.
  window.addEventListener("offline", () => {
    const preview = document.getElementById("deal-preview");
    if (preview) previewSays(preview, preview.dataset.offline);
  });
  window.addEventListener("online", () => {
    const preview = document.getElementById("deal-preview");
    if (preview?.querySelector(".preview-body .preview-note")) htmx.trigger(preview.closest("form"), "change");
  });

  const shown = () => document.getElementById("request-error");
  let failed = null; // the form (or element) whose request the message is about
  const sourceOf = (elt) => elt?.closest?.("form") || elt;

  document.addEventListener("htmx:responseError", (event) => {
    const { elt, xhr, requestConfig } = event.detail;
    if (isPreview(elt)) return previewSays(elt, reasonOf(xhr)); // nothing was sent to be saved
    const sending = requestConfig?.verb && requestConfig.verb !== "get";
    // "Deal 1 saved." from the save before must not stand above "Not saved."
    if (sending) document.getElementById("flash")?.replaceChildren();
    const text = (sending ? words.notSaved + " " : "") + reasonOf(xhr);
    let alert = shown();
    if (alert?.textContent === text) return; // a poll refused again: said already
    if (alert?.dataset.sending && !sending) return; // the refused save matters more
    alert?.remove();
    alert = document.createElement("p");
    alert.id = "request-error";
    alert.className = "alert error";
    alert.setAttribute("role", "alert");
    alert.textContent = text;
    if (sending) alert.dataset.sending = "1";
    failed = sourceOf(elt);
    const form = elt?.closest?.("form");
    if (form?.isConnected) form.before(alert);
    else document.querySelector("main")?.prepend(alert);
    alert.scrollIntoView({ block: "nearest" });
  });

  // After a save from the deal form (htmx), the keyboard and a screen reader go on from the
  // next deal's form, its first control; after a refused save, from its first field in error
  // (the page shows it: views/deals.py). After an undo, the form of the deal undone. The
  // message ("Deal 9 saved.") is read out from the page's live region (table.html#flash).
  const placed = new WeakSet(); // one answer settles in several parts: focus once
  document.addEventListener("htmx:afterSettle", (event) => {
    const { xhr, requestConfig } = event.detail;
    const from = requestConfig?.elt;
    if (!xhr || placed.has(xhr) || requestConfig?.verb !== "post") return;
    if (from?.id !== "deal-form" && !from?.classList?.contains("undo")) return;
    placed.add(xhr);
    const form = document.getElementById("deal-form");
    if (!form) return;
    if (xhr.status === 422) {
      // After htmx's own scroll (show:#flash:top), which comes once this event is handled.
      setTimeout(() => showFirstMessage(form));
      if (focusFirstError(form)) return;
    }
    focusFirstControl(form);
  });

  // Gone once the same form (or poll) gets through, or anything is sent and taken: not
  // with the sheet's next poll after a refused save.
  document.addEventListener("htmx:afterRequest", (event) => {
    const { elt, successful, requestConfig } = event.detail;
    if (!successful || !shown() || isPreview(elt)) return; // a preview saves nothing
    if (sourceOf(elt) === failed || (requestConfig?.verb && requestConfig.verb !== "get")) {
      shown().remove();
      failed = null;
    }
  });
})();
