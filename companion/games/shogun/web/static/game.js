/* Shogun's choices made by tapping, on the table and the phones: a target and a group, then
   the move they make; in the draft, a card and a group, the second tap of the two picking. */
"use strict";
(() => {
  const {W, send, toast} = TC;
  document.addEventListener("click", (e) => {
    const t = e.target.closest("button, a");
    if (!t) return;
    if (t.classList.contains("target") || t.classList.contains("group")) {
      const cls = t.classList.contains("target") ? ".target" : ".group";
      t.parentElement.querySelectorAll(cls).forEach((b) => b.classList.toggle("on", b === t));
      const draft = t.closest("[data-draft]");
      if (draft) pick(draft);
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
    send(cmd).catch(() => {
      box.querySelectorAll(".on").forEach((b) => b.classList.remove("on"));
    });
  }
})();
