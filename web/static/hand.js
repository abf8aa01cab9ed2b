/* A player's planning board: tap a province card, then an action slot (or the bid slot);
   tap a chest card to bid chests; "ready" hands the plan in. The plan being composed lives
   here (and in sessionStorage) so live updates and reloads do not lose it. */
"use strict";
(() => {
  const {send, toast, W, game} = TC;
  const colour = document.body.dataset.colour;
  const handover = new URLSearchParams(location.search).has("handover");
  let draft = null;
  let selected = null;

  function key() {
    const board = document.querySelector("[data-plan]");
    return board ? `tc-plan:${game}:${colour}:${board.dataset.round}` : null;
  }

  function load() {
    const k = key();
    if (!k) { draft = null; return; }
    try { draft = JSON.parse(sessionStorage.getItem(k)); } catch (e) { draft = null; }
    draft = draft || {actions: {}, bid: null};
  }

  function save() {
    const k = key();
    if (k) sessionStorage.setItem(k, JSON.stringify(draft));
  }

  function nameOf(pid) {
    const card = document.querySelector(`.pcard[data-prov="${pid}"] b`);
    return card ? card.textContent : pid;
  }

  function show() {
    const board = document.querySelector("[data-plan]");
    if (!board || !draft) return;
    const used = new Set(Object.values(draft.actions));
    if (draft.bid && draft.bid.province) used.add(draft.bid.province);
    board.querySelectorAll(".pcard").forEach((c) => {
      c.classList.toggle("used", used.has(c.dataset.prov));
      c.classList.toggle("on", c.dataset.prov === selected);
    });
    board.querySelectorAll(".slot").forEach((s) => {
      const a = s.dataset.action;
      let text = "";
      if (a === "bid") {
        if (draft.bid) text = draft.bid.province ? nameOf(draft.bid.province) : `${draft.bid.chests} ⛁`;
      } else if (draft.actions[a]) {
        text = nameOf(draft.actions[a]);
      }
      s.querySelector(".placed").textContent = text;
      s.classList.toggle("filled", Boolean(text));
    });
    board.querySelectorAll(".chest").forEach((c) => {
      c.classList.toggle("on", Boolean(draft.bid && draft.bid.chests === Number(c.dataset.chests)));
    });
  }

  function unplace(pid) {
    for (const [a, p] of Object.entries(draft.actions)) if (p === pid) delete draft.actions[a];
    if (draft.bid && draft.bid.province === pid) draft.bid = null;
  }

  document.addEventListener("click", async (e) => {
    const t = e.target.closest("button");
    if (!t || !t.closest("[data-plan]")) return;
    if (t.classList.contains("pcard")) {
      selected = selected === t.dataset.prov ? null : t.dataset.prov;
    } else if (t.classList.contains("slot")) {
      const a = t.dataset.action;
      if (selected) {
        unplace(selected);
        if (a === "bid") draft.bid = {province: selected}; else draft.actions[a] = selected;
        selected = null;
      } else if (a === "bid" ? draft.bid : draft.actions[a]) {
        if (a === "bid") draft.bid = null; else delete draft.actions[a];
      } else {
        toast(W.pick_card);
      }
    } else if (t.classList.contains("chest")) {
      draft.bid = {chests: Number(t.dataset.chests)};
    } else if (t.hasAttribute("data-submit-plan")) {
      try {
        await send({type: "plan", player: colour, actions: draft.actions, bid: draft.bid});
        if (handover) location.href = `/table/${game}`;
      } catch (err) { /* the toast says why */ }
      return;
    }
    save();
    show();
  });

  document.addEventListener("tc:update", (e) => {
    if (e.detail.changed.includes("decision")) { selected = null; load(); }
    show();
  });

  if (handover) document.getElementById("handover").hidden = false;
  load();
  show();
})();
