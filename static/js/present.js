// The players-present page: the search box hides the names that do not match (the list stays
// whole without JavaScript), and the count follows the ticks.
(() => {
  const box = document.getElementById("present-search");
  if (!box) return;
  const items = () => document.querySelectorAll(box.dataset.filter);
  const fold = (text) => text.toLocaleLowerCase().replaceAll("ё", "е");
  box.addEventListener("input", () => {
    const wanted = fold(box.value.trim());
    for (const item of items()) item.hidden = wanted !== "" && !fold(item.textContent).includes(wanted);
  });
})();
