/* Ivan's forms, on the phones and the tablet: a form's [data-ivan-go] button sends the
   command its fields make, starting from the form's data-base JSON. A field's name is its
   path in the command ("paid.rye", "cities.0.coins"); data-kind="int" makes it a number,
   ("number-or-word": a number when it is one), and data-nonzero leaves a 0 out; data-key puts it under that key of the named object; a
   data-flag checkbox is true when ticked; a disabled field and an unticked radio send nothing. Entries left empty (a city not entered) are
   dropped from the lists the form's data-compact names ("known.*": from each list of that object). A refusal is toasted by TC.send, in the device's language. */
"use strict";
(() => {
  function empty(value) {
    return value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
  }

  function compact(form, cmd) {
    for (const key of (form.dataset.compact || "").split(",").filter(Boolean)) {
      if (key.endsWith(".*")) {
        const lists = cmd[key.slice(0, -2)] || {};
        for (const k of Object.keys(lists)) lists[k] = lists[k].filter((v) => v != null && !empty(v));
      } else {
        cmd[key] = cmd[key].filter((v) => !empty(v));
      }
    }
    return cmd;
  }

  function command(form) {
    const cmd = JSON.parse(form.dataset.base);
    for (const el of form.querySelectorAll("[name]")) {
      if (el.matches(":disabled") || (el.type === "radio" && !el.checked)) continue;
      if (el.type === "checkbox") {
        if (el.hasAttribute("data-flag") && el.checked) TC.put(cmd, el.name, true);
        continue;
      }
      if (el.value === "") continue;
      const number = el.dataset.kind === "int" || (el.dataset.kind === "number-or-word" && /^\d+$/.test(el.value));
      const value = number ? Number(el.value) : el.value;
      if (el.hasAttribute("data-nonzero") && value === 0) continue;
      if (el.dataset.key) {
        cmd[el.name] = cmd[el.name] || {};
        cmd[el.name][el.dataset.key] = value;
      } else {
        TC.put(cmd, el.name, value);
      }
    }
    return compact(form, cmd);
  }

  // A regional token the install knows prints its rewards: nothing is entered for it, and
  // only a token met for the first time is told with its background.
  function token(form) {
    const picked = form.querySelector("[name=token]:checked");
    const known = picked !== null && /^\d+$/.test(picked.value);
    form.querySelector("[data-entered]").disabled = known;
    form.querySelector("[name=background]").disabled = !(picked && picked.value === "new");
  }

  // A title the install knows prints its formula: only its count (where asked) is entered.
  function title(select) {
    const known = /^\d+$/.test(select.value);
    for (const el of select.closest("[data-title-slot]").querySelectorAll("select:not([name$='.title'])")) {
      el.disabled = known;
    }
  }

  document.addEventListener("change", (e) => {
    if (e.target.name === "token") token(e.target.closest("form"));
    if (e.target.name && e.target.name.endsWith(".title")) title(e.target);
  });

  document.addEventListener("click", (e) => {
    const button = e.target.closest("[data-ivan-go]");
    if (!button) return;
    TC.send(command(button.closest("[data-ivan-form]"))).catch(() => {});
  });
})();
