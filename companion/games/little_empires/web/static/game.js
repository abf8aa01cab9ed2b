/* The game's forms, on the phones and the tablet: a form's [data-le-go] button sends the
   command its fields make, starting from the form's data-base JSON. A field's name is its
   path in the command ("moves.0.src", "quick.victim"); data-kind="int" makes it a number;
   data-key puts it under that key of the named object (printed values, whose keys hold
   dots); an empty field is left out, and so is a whole [data-row] whose [data-lead] field
   is empty, every field of a [data-option] whose [data-choose] radio (if it has one) is not ticked, and
   every field of a [data-for] the chosen cell's quick action hides, and the [data-pay] of a
   cell that costs nothing (game.css).
   A refusal is toasted by TC.send, in the device's language. The table's log and map form fold. */
"use strict";
(() => {
  function wanted(el) {
    const only = el.closest("[data-for], [data-pay]");
    if (only && getComputedStyle(only).display === "none") return false;
    const option = el.closest("[data-option]");
    const choose = option && option.querySelector("[data-choose]");
    if (choose && !choose.checked) return false;
    const row = el.closest("[data-row]");
    return !row || row.querySelector("[data-lead]").value !== "";
  }

  function compact(value) {
    if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null).map(compact);
    if (value && typeof value === "object") {
      for (const key of Object.keys(value)) value[key] = compact(value[key]);
    }
    return value;
  }

  function command(form) {
    const cmd = JSON.parse(form.dataset.base);
    for (const el of form.querySelectorAll("[name]")) {
      if (el.hasAttribute("data-choose") || !wanted(el) || el.value === "") continue;
      const value = el.dataset.kind === "int" ? Number(el.value) : el.value;
      if (el.dataset.key) {
        cmd[el.name] = cmd[el.name] || {};
        cmd[el.name][el.dataset.key] = value;
      } else {
        TC.put(cmd, el.name, value);
      }
    }
    return compact(cmd);
  }

  // A province chosen for the quick action belongs to the cell's region: choosing a cell of
  // another region lets it go, rather than send a province the form no longer shows.
  document.addEventListener("change", (e) => {
    const cell = e.target.closest("form.place select[name=cell]");
    if (!cell) return;
    const region = cell.selectedOptions[0].dataset.region;
    for (const select of cell.form.querySelectorAll("select")) {
      const chosen = select.selectedOptions[0];
      if (chosen && chosen.dataset.in && chosen.dataset.in !== region) select.value = "";
    }
  });

  // An attack's victims: only the opponents with an army in the chosen province.
  document.addEventListener("change", (e) => {
    const where = e.target.closest("form.act select[name=province]");
    if (!where) return;
    for (const option of where.form.querySelectorAll("option[data-at]")) {
      option.hidden = where.value !== "" && !option.dataset.at.split(" ").includes(where.value);
      if (option.hidden && option.selected) option.parentElement.value = "";
    }
  });

  // A folding box ([data-fold]: the log, the map's form) stays folded or open as the group
  // left it when an update redraws it; until the group touches it, it is as the server drew it.
  const FOLD = "le.fold.";
  function folds() {
    for (const box of document.querySelectorAll("[data-fold]")) {
      const kept = sessionStorage.getItem(FOLD + box.dataset.fold);
      if (kept !== null) box.open = kept === "1";
    }
  }
  document.addEventListener("toggle", (e) => {
    const box = e.target;
    if (box.matches && box.matches("[data-fold]")) sessionStorage.setItem(FOLD + box.dataset.fold, box.open ? "1" : "0");
  }, true);
  document.addEventListener("tc:update", folds);
  folds();

  document.addEventListener("click", (e) => {
    const button = e.target.closest("[data-le-go]");
    if (!button) return;
    TC.send(command(button.closest("[data-le-form]"))).catch(() => {});
  });
})();
