/* The table's own controls: counting the tray (manual steppers or the simulated tower),
   checking what the count decides before confirming it, and the host's PIN actions. */
"use strict";
(() => {
  const {game, request, post, send} = TC;

  function counts(box) {
    const out = {};
    box.querySelectorAll(".counter").forEach((c) => {
      const n = Number(c.querySelector("output").textContent);
      if (n) out[c.dataset.colour] = n;
    });
    return out;
  }

  /* A count confirmed here is kept (this tab only) under its throw's key: when an undo brings
     the same throw back, its steppers show that count again to correct, with what it decided. */
  const keptKey = (box) => `tc-count:${game}:${box.dataset.throwKey}`;

  function keep(box) {
    const lines = Array.from(box.querySelectorAll(".verdict .lines li"), (li) => li.textContent);
    sessionStorage.setItem(keptKey(box), JSON.stringify({counts: counts(box), lines}));
  }

  function restoreUndone() {
    const box = document.querySelector("[data-counting][data-throw-key]");
    if (!box || box.dataset.restored) return;
    box.dataset.restored = "1";
    const kept = JSON.parse(sessionStorage.getItem(keptKey(box)) || "null");
    if (!kept) return;
    box.querySelectorAll(".counter").forEach((c) => {
      const n = kept.counts[c.dataset.colour] || 0;
      c.querySelector("output").textContent = Math.min(Number(c.dataset.max), n);
    });
    const undone = box.querySelector("[data-undone]");
    const list = undone.querySelector(".lines");
    kept.lines.forEach((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    });
    undone.hidden = false;
  }
  document.addEventListener("tc:update", restoreUndone);

  async function preview(box) {
    const res = await post(`/api/games/${game}/tray/preview`, {counts: counts(box)});
    const verdict = box.querySelector(".verdict");
    verdict.querySelector(".lines").innerHTML = "";
    res.lines.forEach((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      verdict.querySelector(".lines").appendChild(li);
    });
    verdict.hidden = false;
    const undone = box.querySelector("[data-undone]");
    if (undone) undone.hidden = true;  /* the corrected count's verdict takes its place */
  }

  function upload(path, files) {
    const form = new FormData();
    for (const [name, file] of Object.entries(files)) form.append(name, file);
    return request(path, form);
  }

  /* Marking the tray: the empty photo shown under the form; the first tap marks one corner,
     the second draws the frame and keeps it (fractions of the picture) for the calibration;
     a third starts again. */
  function showEmpty(marking) {
    const input = marking.closest(".recalibrate, [data-camera]").querySelector("input[name=empty]");
    const img = marking.querySelector("img");
    if (input && input.files.length) {
      if (img.src) URL.revokeObjectURL(img.src);
      img.src = URL.createObjectURL(input.files[0]);
    }
  }

  document.addEventListener("toggle", (e) => {
    const details = e.target.closest && e.target.closest("[data-mark-tray]");
    if (details && details.open) showEmpty(details.querySelector("[data-marking]"));
  }, true);

  document.addEventListener("change", (e) => {
    if (!e.target.matches("input[name=empty]")) return;
    const marking = e.target.closest(".recalibrate, [data-camera]").querySelector("[data-marking]");
    if (!marking) return;
    delete marking.dataset.tray;
    delete marking.dataset.first;
    marking.querySelector(".marked").hidden = true;
    showEmpty(marking);
  });

  document.addEventListener("click", (e) => {
    const img = e.target.closest("[data-marking] img");
    if (!img) return;
    const marking = img.parentElement;
    const rect = img.getBoundingClientRect();
    const at = [(e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height].map((v) => Math.min(1, Math.max(0, v)));
    const frame = marking.querySelector(".marked");
    const pct = (v) => `${(v * 100).toFixed(2)}%`;
    if (!marking.dataset.first || marking.dataset.tray) {
      marking.dataset.first = JSON.stringify(at);
      delete marking.dataset.tray;
      frame.classList.add("half");
      Object.assign(frame.style, {left: pct(at[0]), top: pct(at[1]), width: "", height: ""});
    } else {
      const first = JSON.parse(marking.dataset.first);
      marking.dataset.tray = JSON.stringify([...first, ...at]);
      frame.classList.remove("half");
      Object.assign(frame.style, {left: pct(Math.min(first[0], at[0])), top: pct(Math.min(first[1], at[1])),
                                  width: pct(Math.abs(at[0] - first[0])), height: pct(Math.abs(at[1] - first[1]))});
    }
    frame.hidden = false;
  });

  document.addEventListener("change", async (e) => {
    const input = e.target.closest("input[data-photo]");
    if (!input || !input.files.length) return;
    try {
      await upload(`/api/games/${game}/camera/photo`, {photo: input.files[0]});
    } catch (err) {
      /* the toast already says why */
    }
  });

  document.addEventListener("click", async (e) => {
    const t = e.target.closest("button");
    if (!t) return;
    const box = t.closest("[data-counting], [data-fell]");
    try {
      if (t.hasAttribute("data-inc") || t.hasAttribute("data-dec")) {
        const c = t.closest(".counter");
        const out = c.querySelector("output");
        const v = Number(out.textContent) + (t.hasAttribute("data-inc") ? 1 : -1);
        out.textContent = Math.min(Number(c.dataset.max), Math.max(0, v));
        const verdict = box.querySelector(".verdict");
        if (verdict) verdict.hidden = true;
      } else if (t.hasAttribute("data-preview")) {
        await preview(box);
      } else if (t.hasAttribute("data-simulate")) {
        const res = await post(`/api/games/${game}/tray/simulated`);
        box.querySelectorAll(".counter").forEach((c) => {
          c.querySelector("output").textContent = res.counts[c.dataset.colour] || 0;
        });
        await preview(box);
      } else if (t.hasAttribute("data-confirm")) {
        await send({type: "count_tray", counts: counts(box)});
        keep(box);
      } else if (t.hasAttribute("data-calibrate")) {
        const box = t.closest("[data-camera]");
        const pick = (name) => box.querySelector(`input[name=${name}]`).files[0] || new Blob();
        const sent = {empty: pick("empty"), reference: pick("reference")};
        const marking = box.querySelector("[data-marking]");
        if (marking && marking.dataset.tray) sent.tray = marking.dataset.tray;
        t.disabled = true;  // calibrating takes a second or more: a second tap would do it twice
        try {
          await upload(`/api/games/${game}/camera/calibrate`, sent);
        } finally {
          t.disabled = false;
        }
        document.dispatchEvent(new CustomEvent("tc:calibrated"));
      } else if (t.hasAttribute("data-tray-checked")) {
        await post(`/api/games/${game}/tray/checked`);
      } else if (t.hasAttribute("data-fell-confirm")) {
        await send({type: "cubes_fell", counts: counts(box)});
      } else if (t.hasAttribute("data-recount")) {
        box.querySelector(".verdict").hidden = true;
      }
    } catch (err) {
      /* the toast already says why */
    }
  });
})();
