// The new-club form: the club's time zone is the creator's browser's (an IANA name such as
// "Asia/Vladivostok"), put in the form's hidden field. Without this script the server gives the
// club Moscow time when it speaks Russian, else its own zone (docs/clubs.md).
"use strict";

(() => {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return;
  }
  for (const field of document.querySelectorAll("input[data-browser-zone]")) {
    if (!field.value) field.value = zone;
  }
})();
