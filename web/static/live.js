/* Live screen: one EventSource per device; swaps the regions whose HTML changed.
   Shared by every game's table and hands: commands, toasts, sheets, steppers, the timer.
   Events arrive in order on one connection, every (re)connection starts with the whole
   screen, and revisions go on rising when the server restarts, so a restart needs no care. */
"use strict";
const TC = (() => {
  const body = document.body;
  const W = JSON.parse(document.getElementById("words").textContent);
  const game = body.dataset.game;
  const token = body.dataset.token || "";
  const seen = {};
  const firstRev = Number(body.dataset.rev || 0);
  let clock = null;
  let holds = null;  /* the screen (an overlay's key) that holds the planning clock now */
  let audio = null;

  function toast(message) {
    const el = document.getElementById("toast");
    el.textContent = message;
    el.hidden = false;
    clearTimeout(toast.t);
    toast.t = setTimeout(() => { el.hidden = true; }, 4500);
  }

  /* The button a tap is sending with: requests started while the tap is dispatched take it. */
  let tapped = null;
  document.addEventListener("click", (e) => {
    tapped = e.target.closest("button");
    setTimeout(() => { tapped = null; });
  }, true);

  /* Who waits for the screen to show a revision (a command's result) before going on. */
  let waiting = [];
  function shown(rev) {
    return new Promise((resolve) => {
      if (Number(body.dataset.rev) >= rev) { resolve(); return; }
      waiting.push({rev, resolve});
      setTimeout(resolve, 5000);
    });
  }

  function requestId() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /* A POST to the server, carried out once however often it is sent: it carries an id made
     for this tap, and goes again with the same id while no answer comes (the server answers a
     repeat with the first answer). The tapped button, and the others of its part of the
     screen (the other answers to the same question), stay disabled until the screen shows
     the result, so a double tap or a second answer sends nothing more. What the server
     refuses, and a request no answer came to, are toasted in the device's language and
     thrown, so callers only catch;
     refusals named in ``quiet`` (the same thing done before) are thrown without a toast. */
  async function request(path, body, contentType, quiet = []) {
    const region = tapped && tapped.closest(".region");
    const held = region ? [...region.querySelectorAll("button:not([disabled])")] : tapped ? [tapped] : [];
    held.forEach((b) => { b.disabled = true; });
    const headers = {"Idempotency-Key": requestId()};
    if (contentType) headers["Content-Type"] = contentType;
    if (token) headers["X-Token"] = token;
    try {
      let r = null;
      for (const pause of [1000, 2000, 4000, 0]) {
        try {
          r = await fetch(path, {method: "POST", headers, body});
          break;
        } catch (e) {
          if (!pause) { toast(W.no_answer); throw e; }
          await sleep(pause);
        }
      }
      let json = {};
      try { json = await r.json(); } catch (e) { json = {}; }
      if (!r.ok) {
        if (!(json.error && quiet.includes(json.error.key))) toast(json.error ? json.error.message : r.statusText);
        throw new Error(json.error ? json.error.key : String(r.status));
      }
      if (json.rev) await shown(json.rev);
      return json;
    } finally {
      held.forEach((b) => { b.disabled = false; });
    }
  }

  const post = (path, data, quiet) => request(path, JSON.stringify(data || {}), "application/json", quiet);
  const send = (command, quiet) => post(`/api/games/${game}/commands`, command, quiet);

  function dismissed() {
    try { return JSON.parse(localStorage.getItem("tc-dismissed") || "[]"); } catch (e) { return []; }
  }

  /* The screen that holds the planning clock (the winter's scores), once closed on the
     table, lets the clock run: the server is told, once a screen. */
  let released = null;
  function letClockRun() {
    if (body.dataset.isTable !== "1" || !holds || holds === released) return;
    if (!dismissed().includes(game + ":" + holds)) return;
    released = holds;
    post(`/api/games/${game}/seen`, {overlay: holds}).catch(() => { released = null; });
  }

  function hideDismissed() {
    const gone = dismissed();
    document.querySelectorAll("[data-overlay][data-dismissable]").forEach((el) => {
      el.hidden = gone.includes(game + ":" + el.dataset.overlay);
    });
  }

  function beep(seconds) {
    if (!audio) return;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + seconds);
  }

  function tick() {
    const els = document.querySelectorAll("[data-timer]");
    if (!clock) { els.forEach((el) => { el.hidden = true; }); return; }
    const paused = clock.pausedLeft !== null;
    const left = Math.max(0, Math.ceil(paused ? clock.pausedLeft : clock.end - Date.now() / 1000));
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}${paused ? " ⏸" : ""}`;
    els.forEach((el) => {
      el.hidden = false;
      el.textContent = text;
      el.classList.toggle("low", left <= 10 && !paused);
      el.classList.toggle("paused", paused);
    });
    /* Beeps mark the clock passing 10 s and 0 s while this screen watches it: not a deadline
       already past when the page opened, and not again when an update redraws the screen. */
    if (clock.left !== null && left < clock.left) {
      if (left <= 10 && clock.left > 10) beep(0.15);
      if (left === 0) { beep(0.8); toast(W.time_up); }
    }
    clock.left = left;
  }

  /* A phone whose player the game now awaits says so: a vibration and a short sound where
     the browser allows, and the screen scrolled to what is asked. Once a turn, not on every
     update while the player is still awaited. */
  const seat = body.dataset.kind === "hand" ? body.dataset.colour : null;
  let awaited = null;
  function alertTurn(p) {
    const now = Boolean(seat && p.awaits.includes(seat));
    if (now && awaited === false) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      beep(0.2);
      const asked = document.querySelector("[data-awaited]") || document.querySelector("main");
      if (asked) asked.scrollIntoView({behavior: "smooth", block: "start"});
    }
    awaited = now;
  }

  /* The screen stays on while the game is on (Wake Lock, where the browser offers it: a
     secure page), and takes the lock again when the page comes back into view. */
  async function keepAwake() {
    if (!navigator.wakeLock || document.visibilityState !== "visible") return;
    try { await navigator.wakeLock.request("screen"); } catch (e) { /* not allowed here */ }
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  function apply(p) {
    const initial = p.rev === firstRev && Object.keys(seen).length === 0;
    const changed = [];
    for (const [name, html] of Object.entries(p.regions)) {
      const el = document.getElementById("r-" + name);
      if (!el || seen[name] === html) continue;
      if (!initial) { el.innerHTML = html; changed.push(name); }
      seen[name] = html;
    }
    body.dataset.rev = p.rev;
    holds = p.holds;
    alertTurn(p);
    waiting = waiting.filter((w) => (w.rev <= p.rev ? (w.resolve(), false) : true));
    const skew = Date.now() / 1000 - p.now;
    const deadline = p.since + p.timer;  /* the server's clock: the same across updates */
    const same = clock && clock.deadline === deadline;
    clock = p.timer > 0 ? {deadline, end: deadline + skew, left: same ? clock.left : null,
                           pausedLeft: p.paused_left === null ? null : p.paused_left} : null;
    document.querySelectorAll("[data-timer-running]").forEach((el) => { el.hidden = p.paused_left !== null; });
    document.querySelectorAll("[data-timer-paused]").forEach((el) => { el.hidden = p.paused_left === null; });
    tick();
    hideDismissed();
    letClockRun();
    document.dispatchEvent(new CustomEvent("tc:update", {detail: {payload: p, changed}}));
    if (!document.documentElement.dataset.ready) {
      document.documentElement.dataset.ready = "1";
      performance.mark("ready");
    }
  }

  function connect() {
    const es = new EventSource(body.dataset.live);
    es.onmessage = (e) => { body.classList.remove("offline"); apply(JSON.parse(e.data)); };
    es.onerror = () => {
      body.classList.add("offline");
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  document.addEventListener("click", (e) => {
    if (!audio && window.AudioContext) audio = new AudioContext();
    const t = e.target.closest("button, a");
    if (!t) return;
    if (t.dataset.cmd) { send(JSON.parse(t.dataset.cmd)).catch(() => {}); return; }
    if (t.dataset.open) { document.getElementById("sheet-" + t.dataset.open).hidden = false; return; }
    if (t.hasAttribute("data-close")) { t.closest(".sheet").hidden = true; return; }
    if (t.hasAttribute("data-dismiss")) {
      const overlay = t.closest("[data-overlay]").dataset.overlay;
      const key = game + ":" + overlay;
      localStorage.setItem("tc-dismissed", JSON.stringify(dismissed().concat([key]).slice(-50)));
      hideDismissed();
      letClockRun();
      return;
    }
    if (t.dataset.step) {
      const box = t.closest("[data-stepper]");
      const out = box.querySelector("output");
      const v = Number(out.textContent) + Number(t.dataset.step);
      out.textContent = Math.min(Number(box.dataset.max), Math.max(Number(box.dataset.min), v));
      return;
    }
  });

  hideDismissed();
  setInterval(tick, 500);
  connect();
  /* A form field's value set at its path in the command a game's form builds: "moves.0.src"
     makes the list and the object on the way (a number part makes a list). */
  function put(target, path, value) {
    const parts = path.split(".");
    let at = target;
    parts.slice(0, -1).forEach((part, i) => {
      if (at[part] === undefined) at[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      at = at[part];
    });
    at[parts[parts.length - 1]] = value;
  }

  return {W, game, token, request, post, send, toast, put};
})();
