/* The shell's own controls on every table page: the host's PIN actions (undo, end the game,
   make this device the table). */
"use strict";
(() => {
  const {game, post} = TC;
  document.addEventListener("click", async (e) => {
    const t = e.target.closest("button[data-host]");
    if (!t) return;
    try {
      await post(`/api/games/${game}/${t.dataset.host}`, {pin: document.getElementById("host-pin").value});
      if (t.dataset.host === "claim") location.reload();
      t.closest(".sheet").hidden = true;
    } catch (err) {
      /* the toast already says why */
    }
  });
})();
