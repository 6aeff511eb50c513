// Nothing lost: a round entry (or a correction of a round) that cannot reach the server is kept on this phone
// (localStorage) and sent again, with the same entry key, when the connection is back. The server is the only scorer and the key
// makes a retry save once, so the browser only queues. Without this script the form posts as usual.
(function () {
  "use strict";

  const STORE = "scorekeeper-outbox";
  const RETRY_MS = 4000;
  const NOT_REACHED = [502, 503, 504];  // a proxy answering for a server it cannot reach
  let sending = false;

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }

  function keep(entries) {
    try { localStorage.setItem(STORE, JSON.stringify(entries)); } catch (e) { /* private mode: memory only */ }
  }

  function put(entry) {  // one entry per key: a second tap on the same form replaces it
    keep(load().filter((e) => e.key !== entry.key).concat([entry]));
  }

  function drop(entry) {
    keep(load().filter((e) => e.key !== entry.key));
  }

  function note(queued) {
    const out = document.querySelector("[data-outbox]");
    if (!out) return;
    out.textContent = queued ? out.dataset.outbox : "";
    out.hidden = !queued;
  }

  // The server's answer is shown by the browser itself: after a save, the table page (GET);
  // for anything else (a refusal), the same entry posted natively, which the key keeps from saving twice.
  function show(entry, answer) {
    if (answer.type === "opaqueredirect") {
      const table = new URL(entry.table, window.location.href).pathname;
      const here = window.location.pathname;
      const sentFrom = new URL(entry.action, window.location.href).pathname;  // a correction's own page
      if (here !== table && here !== table + "/rounds" && here !== sentFrom) return;  // another game's: stay
      // A new load, not a reload: a reload would fill the next round's form with this one's numbers. A correction
      // lands where the page says so, above the rounds (the redirect's own #corrected is not readable here).
      window.location.replace(table + (sentFrom.endsWith("/edit") ? "#corrected" : ""));
      return;
    }
    const form = document.createElement("form");
    form.method = "post";
    form.action = entry.action;
    form.hidden = true;
    entry.fields.forEach(([name, value]) => {
      const input = document.createElement("input");
      input.type = "hidden"; input.name = name; input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  async function send(entry) {
    let answer;
    try {
      answer = await fetch(entry.action, { method: "POST", body: new URLSearchParams(entry.fields),
        credentials: "same-origin", redirect: "manual", cache: "no-store" });
    } catch (e) {
      return false;  // no connection: kept for the next try
    }
    if (NOT_REACHED.includes(answer.status)) return false;
    drop(entry);
    show(entry, answer);
    return true;
  }

  async function flush() {
    const entries = load();
    if (sending || !entries.length) return;
    sending = true;
    const sent = await send(entries[0]);
    sending = false;
    const form = document.getElementById("round-form");
    note(!sent && !!form && entries[0].action === form.action);
    if (sent && load().length) flush();  // the next kept entry, if this page is still here
  }

  function queue(form, event) {
    if (!window.fetch || !form.elements.entry_key) return;  // no key, no safe retry: post as usual
    event.preventDefault();
    const fields = Array.from(new FormData(form).entries()).filter(([, v]) => typeof v === "string");
    const table = form.dataset.table || form.action.replace(/\/rounds$/, "");
    const entry = { key: form.elements.entry_key.value, action: form.action, table: table, fields: fields };
    put(entry);
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;  // one tap, one round
    sending = true;
    send(entry).then((sent) => {
      sending = false;
      if (sent) return;
      note(true);
      if (button) button.disabled = false;  // a corrected entry replaces the kept one (same key)
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("round-form");
    if (form) form.addEventListener("submit", (e) => { if (!e.defaultPrevented) queue(form, e); });
    if (form && load().some((e) => e.action === form.action)) note(true);
    flush();
    window.addEventListener("online", flush);
    window.setInterval(() => { if (load().length) flush(); }, RETRY_MS);
  });
})();
