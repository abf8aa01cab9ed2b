/* The shell's own controls on every table page: the host's PIN actions (undo, end the game,
   make this device the table), and on the table the notice that someone elsewhere entered a
   wrong host PIN. */
"use strict";
(() => {
  const {game, post} = TC;
  const notice = document.getElementById("pin-notice");
  const seenKey = `tc-pin-seen:${game}`;
  let over = null;

  /* A game just made with phones opens on the codes to join by, once (not on a reload). */
  const codes = document.getElementById("sheet-join");
  if (codes && location.hash === "#join") {
    codes.hidden = false;
    history.replaceState(null, "", location.pathname + location.search);
  }

  /* Which phones have joined, on the table's join codes. */
  document.addEventListener("tc:update", (e) => {
    const joined = e.detail.payload.joined || [];
    document.querySelectorAll("[data-joined]").forEach((el) => {
      el.hidden = !joined.includes(el.dataset.joined);
    });
  });

  /* Shown while the live payload has one newer than the last dismissed, until it is over. */
  document.addEventListener("tc:update", (e) => {
    if (!notice) return;
    const p = e.detail.payload;
    const n = p.pin_notice;
    clearTimeout(over);
    notice.hidden = !n || Number(localStorage.getItem(seenKey) || 0) >= n.last;
    if (notice.hidden) return;
    notice.querySelector("p").textContent = n.text;
    notice.dataset.last = n.last;
    over = setTimeout(() => { notice.hidden = true; }, (n.until - p.now) * 1000);
  });

  document.addEventListener("click", (e) => {
    if (!notice || !e.target.closest("[data-pin-seen]")) return;
    localStorage.setItem(seenKey, notice.dataset.last);
    notice.hidden = true;
  });

  /* A button that asks first (ending the game) says so on the first tap, and acts on a
     second tap within a few seconds. */
  function asked(t) {
    if (!t.dataset.ask || t.dataset.armed) return true;
    t.dataset.armed = t.textContent;
    t.textContent = t.dataset.ask;
    t.classList.add("armed");
    setTimeout(() => { disarm(t); }, 4000);
    return false;
  }

  function disarm(t) {
    if (!t.dataset.armed) return;
    t.textContent = t.dataset.armed;
    delete t.dataset.armed;
    t.classList.remove("armed");
  }

  document.addEventListener("click", async (e) => {
    const t = e.target.closest("button[data-host]");
    if (!t || !asked(t)) return;
    disarm(t);
    try {
      await post(`/api/games/${game}/${t.dataset.host}`, {pin: document.getElementById("host-pin").value});
      if (t.dataset.host === "claim") location.reload();
      t.closest(".sheet").hidden = true;
    } catch (err) {
      /* the toast already says why */
    }
  });

  /* The board step on the table's screen: the tap says it is done with the real pieces. When
     the group chose steps that run on by themselves, the table's screen taps after a pause. */
  function boardDone(step) {
    return post(`/api/games/${game}/board/done`,
                {seq: Number(step.dataset.seq), index: Number(step.dataset.index)}).catch(() => {});
  }

  document.addEventListener("click", (e) => {
    const t = e.target.closest("[data-board-done]");
    if (t) boardDone(t.closest("[data-board-step]"));
  });

  let autoFor = null;
  function runOn() {
    const step = document.querySelector("[data-board-step][data-auto]");
    const key = step ? `${step.dataset.seq}:${step.dataset.index}` : null;
    if (key === autoFor) return;
    autoFor = key;
    if (step) setTimeout(() => { if (autoFor === key) boardDone(step); }, Number(step.dataset.auto) * 1000);
  }
  document.addEventListener("tc:update", runOn);
  runOn();

  /* The places the step on screen touches are marked on the map beside it, in the colour of
     the player whose pieces they are, so the group finds them on the real board; with no
     step, those of the decision awaited (where an army may go). */
  function markPlaces() {
    document.querySelectorAll("[data-place].on-step").forEach((e) => e.classList.remove("on-step"));
    const step = document.querySelector("[data-board-step]") || document.querySelector("#r-decision [data-places]");
    if (!step) return;
    for (const place of (step.dataset.places || "").split(" ").filter(Boolean)) {
      document.querySelectorAll(`[data-place="${place}"]`).forEach((e) => {
        e.classList.add("on-step");
        e.style.setProperty("--who", step.style.getPropertyValue("--who"));
      });
    }
  }
  document.addEventListener("tc:update", markPlaces);
  markPlaces();
})();
