/* Edo's forms, on the phones and the tablet: a form's [data-edo-go] button sends the command
   its fields make, starting from the form's data-base JSON. A field's name is its path in the
   command ("paid.ryo", "slots.0.officials"); data-kind="int" makes it a number; data-key
   puts it under that key of the named object (printed values, whose keys hold dots);
   data-split="card,action" spreads "card1,money" over two fields; a ticked data-list
   checkbox adds its value to the named list; of a row of radio chips only the ticked one
   counts; a field inside a [data-option] (or a label) whose data-choose radio is not ticked
   is left out, and tapping a chip inside one ticks it. A row of "to" chips (data-to-of: the
   name of its figure row) offers only where the chosen figure is not already (its data-at),
   each with its ryo from there (the data-from cost matching the figure's place); with the
   roads known, a place no road reaches from there is not offered. Choosing a city's profit
   fills its shares from the install's income table (or the rulebook's example), and asks
   for them to be read off the board when the table does not know them.
   A refusal is toasted by TC.send, in the device's language. */
"use strict";
(() => {
  function chosen(el) {
    const box = el.closest("[data-option]") || el.closest("label");
    const radio = box && box.querySelector("[data-choose]");
    return !radio || radio === el || radio.checked;
  }

  function command(form) {
    const cmd = JSON.parse(form.dataset.base);
    for (const el of form.querySelectorAll("[name]")) {
      if (el.hasAttribute("data-choose") || !chosen(el)) continue;
      if (el.type === "radio" && !el.checked) continue;
      if (el.type === "checkbox") {
        if (el.dataset.list && el.checked) cmd[el.name].push(el.value);
        continue;
      }
      if (el.value === "") continue;
      const value = el.dataset.kind === "int" ? Number(el.value) : el.value;
      if (el.dataset.key) {
        cmd[el.name] = cmd[el.name] || {};
        cmd[el.name][el.dataset.key] = value;
      } else if (el.dataset.split) {
        const names = el.dataset.split.split(",");
        el.value.split(",").forEach((v, i) => TC.put(cmd, `${el.name}.${names[i]}`, v));
      } else {
        TC.put(cmd, el.name, value);
      }
    }
    return cmd;
  }

  function realDestinations() {
    for (const row of document.querySelectorAll("[data-to-of]")) {
      const figure = row.closest("form").querySelector(`input[name='${row.dataset.toOf}']:checked`);
      const at = figure ? figure.dataset.at : null;
      const places = [...row.querySelectorAll("input")];
      const priced = row.querySelector("[data-from]") !== null;
      for (const input of places) {
        const reached = !priced || input.closest("label").querySelector(`[data-from='${at}']`) !== null;
        input.disabled = input.value === at || !reached;
        if (input.disabled) input.checked = false;
      }
      for (const cost of row.querySelectorAll("[data-from]")) cost.hidden = cost.dataset.from !== at;
      const open = places.filter((input) => !input.disabled);
      if (open.length && !open.some((input) => input.checked)) open[0].checked = true;
    }
  }

  function incomeShares(select) {
    const form = select.closest("[data-income]");
    const box = form.querySelector("[data-shares]");
    if (!box) return;
    const known = JSON.parse(form.dataset.known)[select.value];
    const example = JSON.parse(form.dataset.suggested)[select.value];
    const shares = known || example;
    box.querySelectorAll("input[name^='amounts.']").forEach((input, i) => {
      input.value = shares ? shares[i] : "";
    });
    box.querySelector("[data-shares-read]").checked = !known;
    box.querySelector("[data-shares-known]").hidden = !known;
    box.querySelector("[data-shares-unknown]").hidden = Boolean(known);
    box.querySelector("[data-shares-example]").hidden = Boolean(known) || !example;
  }

  document.addEventListener("tc:update", realDestinations);
  realDestinations();

  document.addEventListener("change", (e) => {
    realDestinations();
    if (e.target.matches("[data-profit]")) incomeShares(e.target);
    const option = e.target.closest("[data-option]");
    const radio = option && option.querySelector("[data-choose]");
    if (radio && e.target !== radio) radio.checked = true;
  });

  document.addEventListener("click", (e) => {
    const button = e.target.closest("[data-edo-go]");
    if (!button) return;
    TC.send(command(button.closest("[data-edo-form]"))).catch(() => {});
  });
})();
