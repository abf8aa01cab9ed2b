/* The tablet's own camera on the battle screen, where the browser allows it.
   A browser gives a page the camera only in a secure context (HTTPS, or http://localhost on
   the machine that runs the server). There the rear camera streams: a viewfinder to aim it,
   the two calibration pictures grabbed from it, and a few JPEG frames a second posted while a
   throw waits for its count; the server counts them, and the battle screen settles as it
   does for the sensor board. Elsewhere the page keeps its photo inputs and says why.
   The live regions are redrawn on every change, so the one <video> and the grabbed pictures
   live here and are put back after each redraw. */
"use strict";
(() => {
  const {game, toast} = TC;
  const FRAME_MS = 200;  // about five frames a second: enough to see the cubes stop
  const QUALITY = 0.85;
  const body = document.body;
  const possible = Boolean(window.isSecureContext && navigator.mediaDevices &&
                           navigator.mediaDevices.getUserMedia);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  const canvas = document.createElement("canvas");
  const grabbed = {};  // calibration pictures taken from the stream, by input name
  let stream = null;
  let opening = false;
  let sending = false;
  let refused = null;  // the last refusal shown, so a refused stream is not toasted 5 times a second

  function mode(name) {
    body.classList.remove("stream", "no-stream", "stream-failed");
    if (name) body.classList.add(name);
  }

  async function open() {
    opening = true;
    mode("stream");
    try {
      stream = await navigator.mediaDevices.getUserMedia({audio: false, video: {
        facingMode: {ideal: "environment"}, width: {ideal: 1280}, height: {ideal: 720}}});
      video.srcObject = stream;
      await video.play();
    } catch (err) {
      close();
      mode("stream-failed");
    } finally {
      opening = false;
    }
    refresh();
  }

  function close() {
    if (stream) stream.getTracks().forEach((track) => track.stop());
    stream = null;
    video.srcObject = null;
  }

  function box() {
    return document.querySelector("[data-camera][data-stream]");
  }

  function picture() {
    if (!video.videoWidth) return Promise.resolve(null);
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  }

  function keep(input, blob) {
    const files = new DataTransfer();
    files.items.add(new File([blob], `${input.name}.jpg`, {type: "image/jpeg"}));
    input.files = files.files;
  }

  function inputFor(button) {
    return button.closest("details, [data-camera]").querySelector(`input[name=${button.dataset.grab}]`);
  }

  function restore(where) {
    where.querySelectorAll("[data-grab]").forEach((button) => {
      const name = button.dataset.grab;
      button.classList.toggle("on", Boolean(grabbed[name]));
      const input = inputFor(button);
      if (grabbed[name] && input && !input.files.length) keep(input, grabbed[name]);
    });
  }

  async function send(blob) {
    let r;
    try {
      r = await fetch(`/api/games/${game}/camera/frame`, {
        method: "POST", headers: {"Content-Type": "image/jpeg"}, body: blob});
    } catch (err) {
      return;  // the server is restarting: the page reconnects, the next frame tries again
    }
    if (r.ok) { refused = null; return; }
    let json = {};
    try { json = await r.json(); } catch (err) { json = {}; }
    const key = json.error ? json.error.key : String(r.status);
    if (key !== refused && key !== "tray.no_throw") toast(json.error ? json.error.message : r.statusText);
    refused = key;
  }

  async function frames() {
    sending = true;
    try {
      while (stream && document.querySelector('[data-camera][data-stream="frames"]')) {
        const started = performance.now();
        const blob = await picture();
        if (blob) await send(blob);
        const wait = FRAME_MS - (performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      }
    } finally {
      sending = false;
    }
  }

  function refresh() {
    const here = box();
    if (!here) { close(); return; }
    if (!possible) {
      mode("no-stream");
      const url = `http://localhost:${location.port || 80}${location.pathname}`;
      here.querySelectorAll("[data-local-url]").forEach((el) => { el.textContent = url; });
      return;
    }
    if (body.classList.contains("stream-failed") || opening) return;
    if (!stream) { open(); return; }
    mode("stream");
    const finder = here.querySelector("[data-viewfinder]");
    if (finder && video.parentNode !== finder) finder.appendChild(video);
    restore(here);
    if (here.dataset.stream === "frames" && !sending) frames();
  }

  document.addEventListener("click", async (e) => {
    const button = e.target.closest("button[data-grab]");
    if (!button) return;
    const blob = await picture();
    if (!blob) return;
    grabbed[button.dataset.grab] = blob;
    keep(inputFor(button), blob);
    button.classList.add("on");
  });

  document.addEventListener("tc:calibrated", () => {
    Object.keys(grabbed).forEach((name) => { delete grabbed[name]; });
  });
  document.addEventListener("tc:update", refresh);
  refresh();
})();
