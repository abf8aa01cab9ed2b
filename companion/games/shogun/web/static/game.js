/* Shogun's choices made by tapping, on the table and the phones: a target and a group, then
   the move they make, an attack's odds following the target and the armies chosen (a row
   of the odds tapped chooses its armies); in the draft, a card and a group, the second tap
   of the two picking. */
"use strict";
(() => {
  const {W, send, toast} = TC;

  function showOdds(box) {
    const odds = box.querySelector("[data-odds]");
    if (!odds) return;
    const to = box.querySelector(".target.on");
    const armies = box.querySelector("[data-stepper] output").textContent;
    let shown = false;
    odds.querySelectorAll("[data-odds-for]").forEach((table) => {
      table.hidden = !to || table.dataset.oddsFor !== to.dataset.to;
      shown = shown || !table.hidden;
      table.querySelectorAll("tr[data-armies]").forEach((row) => {
        row.classList.toggle("on", row.dataset.armies === armies);
        if (!table.hidden && row.dataset.armies === armies) row.scrollIntoView({block: "nearest"});
      });
    });
    odds.querySelector("[data-odds-hint]").hidden = shown;
  }

  document.addEventListener("click", (e) => {
    const row = e.target.closest("[data-odds] tr[data-armies]");
    if (row) {
      const box = row.closest("[data-move]");
      box.querySelector("[data-stepper] output").textContent = row.dataset.armies;
      showOdds(box);
      return;
    }
    const t = e.target.closest("button, a");
    if (!t) return;
    if (t.dataset.step && t.closest("[data-move]")) {
      setTimeout(() => showOdds(t.closest("[data-move]")));  // after the shell's stepper
      return;
    }
    if (t.classList.contains("target") || t.classList.contains("group")) {
      const cls = t.classList.contains("target") ? ".target" : ".group";
      t.parentElement.querySelectorAll(cls).forEach((b) => b.classList.toggle("on", b === t));
      const draft = t.closest("[data-draft]");
      if (draft) pick(draft);
      if (t.closest("[data-move]")) showOdds(t.closest("[data-move]"));
      return;
    }
    if (t.hasAttribute("data-printed-go")) {
      const values = {};
      for (const sel of t.closest("[data-printed]").querySelectorAll("select")) {
        if (!sel.value) { toast(W.printed_missing); sel.focus(); return; }
        values[sel.name] = sel.dataset.kind === "int" ? Number(sel.value) : sel.value;
      }
      send({type: "printed", values}).catch(() => {});
      return;
    }
    if (t.hasAttribute("data-move-go")) {
      const box = t.closest("[data-move]");
      const to = box.querySelector(".target.on");
      if (!to) { toast(W.pick_target); return; }
      const armies = Number(box.querySelector("[data-stepper] output").textContent);
      send({type: "move", player: box.dataset.player, to: to.dataset.to, armies}).catch(() => {});
      return;
    }
  });

  function pick(box) {
    const card = box.querySelector(".target.on");
    const group = box.querySelector(".group.on");
    if (!card || !group) return;
    const cmd = {type: "draft_pick", player: box.dataset.player, take: card.dataset.take,
                 armies: Number(group.dataset.armies)};
    if (card.dataset.province) cmd.province = card.dataset.province;
    if (box.querySelector("[data-general-here]:checked")) cmd.general = true;
    send(cmd).catch(() => {
      box.querySelectorAll(".on").forEach((b) => b.classList.remove("on"));
    });
  }
})();
