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

// A form sent without htmx and refused comes back as a whole page, shown from its top; its
// first error may be screens below (the new-table form's folded sections on a phone), and the
// tap would seem to have done nothing. The page opens on that error, its field focused.
(() => {
  const first = document.querySelector("main .field-error");
  if (!first) return;
  first.scrollIntoView({ block: "center" });
  const field = first.parentElement?.querySelector("input:not([type=hidden]), select, textarea");
  field?.focus({ preventScroll: true });
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

  const shown = () => document.getElementById("request-error");
  let failed = null; // the form (or element) whose request the message is about
  const sourceOf = (elt) => elt?.closest?.("form") || elt;

  document.addEventListener("htmx:responseError", (event) => {
    const { elt, xhr, requestConfig } = event.detail;
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

  // Gone once the same form (or poll) gets through, or anything is sent and taken: not
  // with the sheet's next poll after a refused save.
  document.addEventListener("htmx:afterRequest", (event) => {
    const { elt, successful, requestConfig } = event.detail;
    if (!successful || !shown()) return;
    if (sourceOf(elt) === failed || (requestConfig?.verb && requestConfig.verb !== "get")) {
      shown().remove();
      failed = null;
    }
  });
})();
