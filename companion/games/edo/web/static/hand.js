/* A player's planning board on the phone: tap an action on a card, then one of the three
   places (left to right); tap + and − for the officials before each card (the shogun's
   officials on their own row). A tap the rules refuse is toasted with the rules' words,
   drawn by the page in this device's language; "hand in" sends the plan. The plan being made
   lives here and in sessionStorage, so live updates and reloads do not lose it; on a tablet
   passed round, a plan handed in goes straight back to the table (replacing this page in
   the history, so "back" cannot show it to the next player). */
"use strict";
(() => {
  const {send, toast, W, game} = TC;
  const handover = document.body.dataset.shared === "1";
  let draft = null;
  let selected = null;

  const board = () => document.querySelector("[data-plan]");

  function key() {
    const b = board();
    return b ? `tc-edo-plan:${game}:${b.dataset.seat}:${b.dataset.round}` : null;
  }

  function load() {
    const k = key();
    if (!k) { draft = null; return; }
    try { draft = JSON.parse(sessionStorage.getItem(k)); } catch (e) { draft = null; }
    if (!draft) {
      const mine = JSON.parse(board().dataset.mine || "[]");
      draft = [0, 1, 2].map((i) => mine[i] ? {card: mine[i].card, action: mine[i].action,
        own: mine[i].officials - mine[i].shogun, shogun: mine[i].shogun} : null);
    }
  }

  function save() {
    const k = key();
    if (k) sessionStorage.setItem(k, JSON.stringify(draft));
  }

  function pick(card, action) {
    return board().querySelector(`.pick[data-card="${card}"][data-action="${action}"]`);
  }

  const used = (field) => draft.reduce((n, s) => n + (s ? s[field] : 0), 0);

  function figures(n, shogun) {
    return Array.from({length: n}, () => `<i class="off${shogun ? " shogun" : ""}"></i>`).join("");
  }

  function show() {
    const b = board();
    if (!b || !draft) return;
    const placed = new Set(draft.filter(Boolean).map((s) => s.card));
    b.querySelectorAll(".pick").forEach((p) => {
      const on = selected && selected.card === p.dataset.card && selected.action === p.dataset.action;
      p.classList.toggle("on", Boolean(on));
      const slot = draft.findIndex((s) => s && s.card === p.dataset.card && s.action === p.dataset.action);
      p.classList.toggle("planned", slot >= 0);
      p.dataset.planned = slot >= 0 ? String(slot + 1) : "";
    });
    b.querySelectorAll(".hcard").forEach((c) => c.classList.toggle("used", placed.has(c.dataset.card)));
    draft.forEach((s, i) => {
      const p = s && pick(s.card, s.action);
      b.querySelector(`[data-slot-card="${i}"] .placed`).textContent =
        p ? `${p.closest(".hcard").querySelector("b").textContent}: ${p.firstChild.textContent.trim()}` : "";
      b.querySelector(`[data-slot="${i}"]`).classList.toggle("filled", Boolean(s));
      b.querySelector(`[data-figs="${i}"]`).innerHTML = figures(s ? s.own : 0, false);
      const sh = b.querySelector(`[data-shogun-figs="${i}"]`);
      if (sh) sh.innerHTML = figures(s ? s.shogun : 0, true);
    });
    const left = Number(b.dataset.own) - used("own");
    const shogunLeft = Number(b.dataset.shogun) - used("shogun");
    b.querySelector("[data-officials-left]").innerHTML =
      figures(left, false) + figures(shogunLeft, true);
  }

  /* One more official before card ``i``: refused past the action's limit («до 4 раз») or
     past the officials the player has beside his board. */
  function more(i, field) {
    const s = draft[i];
    if (!s) { toast(W.edo_pick); return; }
    const p = pick(s.card, s.action);
    if (s.own + s.shogun + 1 > Number(p.dataset.most)) { toast(p.dataset.tooMany); return; }
    const b = board();
    if (field === "own" && used("own") + 1 > Number(b.dataset.own)) { toast(b.dataset.notEnough); return; }
    if (field === "shogun" && used("shogun") + 1 > Number(b.dataset.shogun)) {
      toast(b.dataset.notEnoughShogun); return;
    }
    s[field] += 1;
  }

  function place(i) {
    const p = pick(selected.card, selected.action);
    const before = draft[i];
    draft = draft.map((s) => (s && s.card === selected.card ? null : s));
    const most = Number(p.dataset.most);
    const own = Math.min(before ? before.own : 0, most);
    draft[i] = {card: selected.card, action: selected.action, own,
                shogun: Math.min(before ? before.shogun : 0, most - own)};
    selected = null;
  }

  async function handIn(button) {
    if (draft.some((s) => !s)) { toast(W.edo_three); return; }
    /* «необходимо назначать двух чиновников на каждого самурая» */
    const odd = draft.find((s) => (s.own + s.shogun) % Number(pick(s.card, s.action).dataset.each));
    if (odd) { toast(W.edo_pairs); return; }
    const slots = draft.map((s) => ({card: s.card, action: s.action, officials: s.own + s.shogun,
                                     shogun: s.shogun}));
    button.disabled = true;
    try {
      await send({type: "plan", player: board().dataset.seat, slots});
      sessionStorage.removeItem(key());
      if (handover) location.replace(`/table/${game}`);
    } catch (err) { /* the toast says why */ } finally { button.disabled = false; }
  }

  document.addEventListener("click", (e) => {
    const t = e.target.closest("button");
    if (!t || !t.closest("[data-plan]") || !draft) return;
    const d = t.dataset;
    if (t.classList.contains("pick")) {
      const same = selected && selected.card === d.card && selected.action === d.action;
      selected = same ? null : {card: d.card, action: d.action};
    } else if (d.slotCard !== undefined) {
      const i = Number(d.slotCard);
      if (selected) place(i);
      else if (draft[i]) draft[i] = null;
      else toast(W.edo_pick);
    } else if (d.more !== undefined) {
      more(Number(d.more), "own");
    } else if (d.moreShogun !== undefined) {
      more(Number(d.moreShogun), "shogun");
    } else if (d.less !== undefined || d.lessShogun !== undefined) {
      const s = draft[Number(d.less ?? d.lessShogun)];
      const field = d.less !== undefined ? "own" : "shogun";
      if (s && s[field] > 0) s[field] -= 1;
    } else if (t.hasAttribute("data-submit-plan")) {
      handIn(t);
      return;
    } else {
      return;
    }
    save();
    show();
  });

  document.addEventListener("tc:update", () => {
    const k = key();
    if (k !== load.key) { load.key = k; load(); }
    if (selected && !(board() && pick(selected.card, selected.action))) selected = null;
    show();
  });

  load.key = key();
  load();
  show();
})();
