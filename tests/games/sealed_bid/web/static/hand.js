/* Sealed bids on a phone (or on the tablet passed round): the Bid button hands in the number
   typed beside it as this seat's sealed bid; Enter in the box does the same. A refusal
   (more coins than held) is toasted by TC.send, the shell's. */
"use strict";
document.addEventListener("click", (e) => {
  const button = e.target.closest("[data-bid]");
  if (!button || !button.closest("[data-bid-form]")) return;
  const input = button.closest("[data-bid-form]").querySelector("[data-bid-input]");
  const text = input.value.trim();
  const coins = Number(text);
  if (text === "" || !Number.isInteger(coins)) {
    TC.toast(input.dataset.bad);
    return;
  }
  TC.send({type: "bid", seat: button.dataset.bid, coins}).catch(() => {});
});
document.addEventListener("submit", (e) => {
  const form = e.target.closest("[data-bid-form]");
  if (!form) return;
  e.preventDefault();
  form.querySelector("[data-bid]").click();
});
