// The players-present page: the search box hides the names that do not match (the list stays
// whole without JavaScript), "Tick all shown" ticks the names the search shows, and the count
// ("22 present: 5 tables, 2 sit out") follows the ticks, from the lines the server wrote for
// every number (#present-counts).
(() => {
  const box = document.getElementById("present-search");
  if (!box) return;
  const items = () => document.querySelectorAll(box.dataset.filter);
  const fold = (text) => text.toLocaleLowerCase().replaceAll("ё", "е");
  // Enter in the search box filters, it does not send the form (whose first button adds a guest).
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
  box.addEventListener("input", () => {
    const wanted = fold(box.value.trim());
    for (const item of items()) item.hidden = wanted !== "" && !fold(item.textContent).includes(wanted);
  });

  const count = document.querySelector(".present-count");
  const lines = JSON.parse(document.getElementById("present-counts")?.textContent || "[]");
  const boxes = () => document.querySelectorAll(".present-list input[type=checkbox]");
  const recount = () => {
    const ticked = [...boxes()].filter((input) => input.checked).length;
    if (count && lines[ticked] !== undefined) count.textContent = lines[ticked];
  };
  document.querySelector(".present-list")?.addEventListener("change", recount);

  const all = document.querySelector(".tick-all");
  if (all) {
    all.hidden = false;
    all.addEventListener("click", () => {
      for (const item of items()) {
        const input = item.querySelector("input[type=checkbox]");
        if (input && !item.hidden) input.checked = true;
      }
      recount();
    });
  }
})();
