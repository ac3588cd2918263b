// The night's seating page (templates/clubs/night_seating.html), for the organiser's phone.
//
// Pairing by hand: tap two names to make them partners (their partner selects follow), tap a
// chosen name again to let it go; a partner chosen in a select is mirrored on the partner's
// select. Without JavaScript the selects alone do it.
//
// Swapping seats: tap a seat, then another; or drag a name onto another seat (HTML5 drag with
// a mouse, pointer events with a finger or a pen). Either way the swap form below the plan
// (the page's one swap request, which works without JavaScript too) is filled and sent.
(() => {
  // --- Pairing -------------------------------------------------------------------------------
  const pairing = document.querySelector(".pairing-form");
  if (pairing) {
    const select = (id) => pairing.querySelector(`select[name="partner-${id}"]`);
    const names = [...pairing.querySelectorAll(".pair-name")];
    let chosen = null;

    const unpair = (id) => {
      const own = select(id);
      if (own && own.value) {
        const other = select(own.value);
        if (other && other.value === String(id)) other.value = "";
        own.value = "";
      }
    };
    const pair = (a, b) => {
      unpair(a);
      unpair(b);
      select(a).value = String(b);
      select(b).value = String(a);
    };
    const mark = () => {
      for (const name of names) {
        const id = name.dataset.player;
        name.classList.toggle("chosen", chosen === id);
        name.setAttribute("aria-pressed", chosen === id ? "true" : "false");
        name.closest("li").classList.toggle("paired", select(id).value !== "");
      }
    };

    for (const name of names) {
      name.setAttribute("role", "button");
      name.tabIndex = 0;
      const tap = (event) => {
        event.preventDefault();
        const id = name.dataset.player;
        if (chosen === null) chosen = id;
        else if (chosen === id) chosen = null;
        else {
          pair(chosen, id);
          chosen = null;
        }
        mark();
      };
      name.addEventListener("click", tap);
      name.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") tap(event);
      });
    }
    pairing.addEventListener("change", (event) => {
      const own = event.target.closest("select");
      if (!own || !own.name.startsWith("partner-")) return; // the variant's select
      const id = own.name.replace("partner-", "");
      const wanted = own.value;
      // The player's former partner, and the new partner's former partner, are let go.
      for (const other of pairing.querySelectorAll("select[name^='partner-']")) {
        if (other !== own && other.value === id) other.value = "";
      }
      if (wanted) {
        unpair(wanted);
        select(wanted).value = id;
        own.value = wanted;
      }
      mark();
    });
    mark();
  }

  // --- Swapping seats ------------------------------------------------------------------------
  const form = document.querySelector(".swap-form");
  const places = [...document.querySelectorAll(".seat-place[data-place]")];
  if (!form || !places.length) return;
  const hint = document.querySelector(".seat-drag-hint");
  if (hint) hint.hidden = false;
  let first = null;
  let sent = false;

  const swap = (a, b) => {
    if (sent || !a || !b || a === b) return;
    sent = true;
    form.querySelector("[name=first]").value = a;
    form.querySelector("[name=second]").value = b;
    for (const place of places) place.classList.add("sending");
    form.requestSubmit();
  };
  const choose = (place) => {
    first = place;
    for (const other of places) {
      const on = other.dataset.place === place;
      other.classList.toggle("chosen", on);
      other.setAttribute("aria-pressed", on ? "true" : "false");
    }
  };
  const placeAt = (x, y) => {
    const found = document.elementFromPoint(x, y);
    return found ? found.closest(".seat-place[data-place]") : null;
  };

  let dragged = null; // a finger's drag: {place, ghost, startX, startY, x, y, moving}

  // A finger held near the top or the foot of the screen scrolls the page, so that a name can
  // be dragged to a table out of view.
  const scrollNearEdge = () => {
    if (!dragged || !dragged.moving) return;
    const edge = 48;
    const step = dragged.y < edge ? -12 : dragged.y > innerHeight - edge ? 12 : 0;
    dragged.scrolling = step !== 0;
    if (step) {
      scrollBy(0, step);
      requestAnimationFrame(scrollNearEdge);
    }
  };
  let swallowClick = false;

  for (const item of places) {
    item.setAttribute("role", "button");
    item.tabIndex = 0;
    item.setAttribute("aria-pressed", "false");
    // Draggable for a mouse only: a finger's drag is the pointer events' below (a draggable
    // element under a finger has the browser's own touch drag cancel them).
    item.addEventListener("pointerdown", (event) => {
      item.draggable = event.pointerType === "mouse";
    });

    // A tap (a click) chooses the first seat; a tap on another swaps them.
    item.addEventListener("click", () => {
      if (swallowClick) {
        swallowClick = false;
        return;
      }
      const place = item.dataset.place;
      if (first === null) choose(place);
      else if (first === place) choose(null);
      else swap(first, place);
    });
    item.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        item.click();
      }
    });

    // A mouse: HTML5 drag and drop.
    item.addEventListener("dragstart", (event) => {
      if (dragged) {
        event.preventDefault(); // a finger is already dragging by pointer events
        return;
      }
      event.dataTransfer.setData("text/plain", item.dataset.place);
      event.dataTransfer.effectAllowed = "move";
      item.classList.add("dragging");
    });
    item.addEventListener("dragend", () => item.classList.remove("dragging"));
    item.addEventListener("dragover", (event) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      item.classList.add("drop-target");
    });
    item.addEventListener("dragleave", () => item.classList.remove("drop-target"));
    item.addEventListener("drop", (event) => {
      event.preventDefault();
      item.classList.remove("drop-target");
      swap(event.dataTransfer.getData("text/plain"), item.dataset.place);
    });

    // A finger or a pen: pointer events on the name (the rest of the row still scrolls).
    const name = item.querySelector(".seat-name");
    if (!name) continue;
    name.style.touchAction = "none"; // a finger on a name drags it instead of scrolling
    name.addEventListener("pointerdown", (event) => {
      swallowClick = false;
      if (event.pointerType === "mouse" || sent) return;
      dragged = { place: item.dataset.place, startX: event.clientX, startY: event.clientY,
                  ghost: null, moving: false, id: event.pointerId };
    });
    name.addEventListener("pointermove", (event) => {
      if (!dragged || event.pointerId !== dragged.id) return;
      const far = Math.hypot(event.clientX - dragged.startX, event.clientY - dragged.startY);
      if (!dragged.moving && far < 8) return;
      if (!dragged.moving) {
        dragged.moving = true;
        name.setPointerCapture(event.pointerId);
        dragged.ghost = name.cloneNode(true);
        dragged.ghost.className = "seat-ghost";
        document.body.append(dragged.ghost);
        item.classList.add("dragging");
      }
      dragged.x = event.clientX;
      dragged.y = event.clientY;
      if (!dragged.scrolling) scrollNearEdge();
      dragged.ghost.style.left = `${event.clientX}px`;
      dragged.ghost.style.top = `${event.clientY}px`;
      for (const other of places) other.classList.remove("drop-target");
      dragged.ghost.hidden = true; // not the element under the finger
      const over = placeAt(event.clientX, event.clientY);
      dragged.ghost.hidden = false;
      if (over && over !== item) over.classList.add("drop-target");
    });
    const end = (event, cancelled) => {
      if (!dragged || event.pointerId !== dragged.id) return;
      const { moving, ghost, place } = dragged;
      dragged = null;
      item.classList.remove("dragging");
      for (const other of places) other.classList.remove("drop-target");
      if (ghost) ghost.remove();
      if (!moving) return; // a tap: the click that follows chooses the seat
      swallowClick = true; // a click after a drag is no tap (cleared at the next touch)
      if (cancelled) return;
      const target = placeAt(event.clientX, event.clientY);
      if (target && target.dataset.place !== place) swap(place, target.dataset.place);
    };
    name.addEventListener("pointerup", (event) => end(event, false));
    name.addEventListener("pointercancel", (event) => end(event, true));
  }
})();

// The draw form: only the fields of the format chosen (a whist drive's hands, a tournament's
// deals a round, ...) are shown; without JavaScript they all are, each saying what it is for.
(() => {
  const form = document.querySelector(".draw-form");
  if (!form) return;
  const rows = document.querySelectorAll(".draw-form [data-for], .count-line[data-for]");
  const show = () => {
    const chosen = form.querySelector("input[name=format]:checked")?.value || "free";
    for (const row of rows) row.hidden = !row.dataset.for.split(" ").includes(chosen);
  };
  form.addEventListener("change", (event) => {
    if (event.target.name === "format") show();
  });
  show();
})();
