/* A player's planning board: drag a province card onto an action slot (or the bid slot), or
   tap the card and then the slot; tap a chest card to bid chests; "ready" hands the plan in.
   The plan being composed lives here (and in sessionStorage) so live updates and reloads do
   not lose it. */
"use strict";
(() => {
  const {send, toast, W, game} = TC;
  const colour = document.body.dataset.colour;
  const handover = document.body.dataset.shared === "1";
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
    const card = document.querySelector(`[data-plan] .pcard[data-prov="${pid}"] b`);
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

  /* The plan as the game reads it. Tenno's Court: a cell "courtN" holds a province or an
     official card ("@officialK" here); an official card on the main board does nothing, and on
     the bid slot it is a 0-chest bid («приравнивается к карте интриг с 0 сундуков»). */
  function command() {
    const actions = {};
    const court = {};
    for (const [a, p] of Object.entries(draft.actions)) {
      const official = p.startsWith("@");
      if (a.startsWith("court")) court[a.slice(5)] = official ? "official" : p;
      else if (!official) actions[a] = p;
    }
    let bid = draft.bid;
    if (bid && bid.province && bid.province.startsWith("@")) bid = {chests: 0};
    const cmd = {type: "plan", player: colour, actions, bid};
    if (document.querySelector("[data-plan] [data-court]")) cmd.court = court;
    return cmd;
  }

  /* Fewer actions planned than half of what the player could plan (one a province, ten slots). */
  function mostlyEmpty() {
    const could = Math.min(document.querySelectorAll("[data-plan] .pcard:not(.official)").length,
                           document.querySelectorAll("[data-plan] .slot:not(.bidslot):not(.courtslot)").length);
    return Object.keys(command().actions).length * 2 < could;
  }

  function unplace(pid) {
    for (const [a, p] of Object.entries(draft.actions)) if (p === pid) delete draft.actions[a];
    if (draft.bid && draft.bid.province === pid) draft.bid = null;
  }

  /* One province card on one slot, the card leaving any slot it was on: the same for a tap
     and for a drop. A building the province cannot take this round is refused here, with
     the rules' reason, rather than at "ready". */
  function place(pid, action) {
    const card = document.querySelector(`[data-plan] .pcard[data-prov="${pid}"]`);
    const cannot = card && card.dataset.cannot ? JSON.parse(card.dataset.cannot) : {};
    if (cannot[action]) { toast(cannot[action]); selected = null; return; }
    unplace(pid);
    if (action === "bid") draft.bid = {province: pid}; else draft.actions[action] = pid;
    selected = null;
  }

  document.addEventListener("click", async (e) => {
    const t = e.target.closest("button");
    if (!t || !t.closest("[data-plan]")) return;
    if (t.classList.contains("pcard")) {
      selected = selected === t.dataset.prov ? null : t.dataset.prov;
    } else if (t.classList.contains("slot")) {
      const a = t.dataset.action;
      if (selected) {
        place(selected, a);
      } else if (a === "bid" ? draft.bid : draft.actions[a]) {
        if (a === "bid") draft.bid = null; else delete draft.actions[a];
      } else {
        toast(W.pick_card);
      }
    } else if (t.classList.contains("chest")) {
      draft.bid = {chests: Number(t.dataset.chests)};
    } else if (t.hasAttribute("data-submit-plan")) {
      if (mostlyEmpty() && !t.dataset.armed) {
        /* Asked once: the next tap within a few seconds hands the plan in as it is. */
        t.dataset.armed = t.textContent;
        t.textContent = W.plan_mostly_empty.replace("{n}", Object.keys(command().actions).length);
        setTimeout(() => { if (t.dataset.armed) { t.textContent = t.dataset.armed; delete t.dataset.armed; } }, 5000);
        return;
      }
      try {
        /* A second tap after the plan went in is no mistake worth a toast. */
        await send(command(), ["plan.already_submitted"]);
        sessionStorage.removeItem(key());
        // Replace, not push: "back" must not show this plan to the next player.
        if (handover) location.replace(`/table/${game}`);
      } catch (err) { /* the toast says why */ }
      return;
    }
    save();
    show();
  });

  /* Dragging, by finger or mouse (Pointer Events). A press on a card becomes a drag once it
     moves a few pixels; until then it is a tap, left to the click handler above. A copy of
     the card follows the pointer (above the finger, so it stays visible), the slot under the
     pointer lights up, and letting go there places the card; letting go anywhere else, or
     the browser taking the gesture over, changes nothing. Near the top or bottom of the
     screen the page scrolls, so a slot below the fold is reached in one drag. */
  const SLOP = 8;
  const EDGE = 72;
  let drag = null;
  let swallowClick = false;

  function slotAt(x, y) {
    const el = document.elementFromPoint(x, y);
    return el ? el.closest("[data-plan] .slot") : null;
  }

  function follow() {
    const {x, y, ghost} = drag;
    const left = drag.touch ? x - drag.w / 2 : x - drag.dx;
    const top = drag.touch ? y - drag.h - 24 : y - drag.dy;
    ghost.style.transform = `translate(${left}px, ${top}px) rotate(-3deg)`;
    const slot = slotAt(x, y);
    if (slot === drag.over) return;
    if (drag.over) drag.over.classList.remove("over");
    if (slot) slot.classList.add("over");
    drag.over = slot;
  }

  function scroll(d) {
    if (d !== drag) return;
    const y = d.y;
    const step = y < EDGE ? -(EDGE - y) / 3 : y > innerHeight - EDGE ? (y - innerHeight + EDGE) / 3 : 0;
    if (step) { window.scrollBy(0, step); follow(); }
    requestAnimationFrame(() => scroll(d));
  }

  function lift() {
    const rect = drag.card.getBoundingClientRect();
    const ghost = drag.card.cloneNode(true);
    ghost.classList.remove("on", "used");
    ghost.classList.add("ghost");
    ghost.removeAttribute("data-prov");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = `${rect.width}px`;
    document.body.appendChild(ghost);
    Object.assign(drag, {ghost, w: rect.width, h: rect.height});
    drag.card.classList.add("lifted");
    drag.card.closest("[data-plan]")?.classList.add("dragging");
    const d = drag;
    requestAnimationFrame(() => scroll(d));
  }

  function end(dropped) {
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    d.card.classList.remove("lifted");
    document.querySelectorAll("[data-plan].dragging").forEach((b) => b.classList.remove("dragging"));
    if (d.over) d.over.classList.remove("over");
    swallowClick = true;
    const slot = dropped ? slotAt(d.x, d.y) : null;
    if (slot && draft) {
      place(d.pid, slot.dataset.action);
      save();
    }
    show();
  }

  document.addEventListener("pointerdown", (e) => {
    if (!e.isPrimary) return;
    if (drag) end(false);  // the last press ended where this page could not see it
    swallowClick = false;
    const card = e.target.closest("[data-plan] .pcard");
    if (!card || e.button !== 0) return;
    const rect = card.getBoundingClientRect();
    drag = {id: e.pointerId, pid: card.dataset.prov, card, ghost: null, over: null,
            x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY,
            dx: e.clientX - rect.left, dy: e.clientY - rect.top, touch: e.pointerType !== "mouse"};
  });

  document.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (!drag.ghost) {
      if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) < SLOP) return;
      lift();
    }
    e.preventDefault();
    follow();
  });

  document.addEventListener("pointerup", (e) => { if (drag && e.pointerId === drag.id) end(true); });
  document.addEventListener("pointercancel", (e) => { if (drag && e.pointerId === drag.id) end(false); });
  document.addEventListener("contextmenu", (e) => { if (drag) e.preventDefault(); });
  // No browser gesture from a press on a card: its fling would swallow the next tap.
  document.addEventListener("touchmove", (e) => { if (drag) e.preventDefault(); }, {passive: false});
  // A drag is not a tap: the click some browsers send after it must not select the card.
  window.addEventListener("click", (e) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);

  document.addEventListener("tc:update", (e) => {
    if (e.detail.changed.includes("decision")) {
      load();
      // A card tapped just before an update stays chosen while the new board still holds it.
      if (selected && !document.querySelector(`[data-plan] .pcard[data-prov="${selected}"]`)) selected = null;
    }
    show();
  });

  load();
  show();
})();
