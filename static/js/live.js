// The live table: an open page follows the game without a reload. It asks the server every few
// seconds whether the game changed (ETag: an unchanged game costs a 304) and swaps in the new
// scoreboard. A page with a half-typed round is never reloaded under the typist: it says so instead. A scorer's
// page without a form (the game was over) reloads once the game takes rounds again, to show the form.
(function () {
  "use strict";

  const EVERY_MS = 2500;

  // No connection: the page says it may be out of date (a poll that cannot reach the server, or the phone offline).
  function connected(yes) {
    const note = document.querySelector("[data-offline]");
    if (note) note.hidden = yes;
  }

  function swap(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    fresh.querySelectorAll("[data-live-part]").forEach((part) => {
      const old = document.getElementById(part.id);
      if (old) old.replaceWith(document.importNode(part, true));
    });
    newestInSight();
  }

  const pinned = (cell) => getComputedStyle(cell).position === "sticky";

  // A grid wider than its box scrolls between its pinned columns (the names and Σ, or the round numbers, at the left;
  // ✎ at the right). Its scrolling columns share the room between them evenly, and the grid comes to rest on a
  // column's edge, so that no score is ever half under a pinned column or half out of the box ("137" read as "ı37").
  function wholeColumns(table) {
    const wrap = table.closest(".grid-wrap");
    const head = table.tHead && table.tHead.rows[0];
    if (!wrap || !head) return;
    const moving = Array.from(head.cells).filter((c) => !pinned(c));
    moving.forEach((c) => { c.style.width = c.style.minWidth = c.style.maxWidth = ""; c.style.scrollSnapAlign = ""; });
    wrap.classList.remove("whole-columns");
    if (!moving.length || wrap.scrollWidth <= wrap.clientWidth + 1) return;  // it fits: nothing scrolls
    const left = wrap.getBoundingClientRect().left + wrap.clientLeft;
    const edges = Array.from(head.cells).filter(pinned).map((c) => c.getBoundingClientRect());
    const first = moving[0].getBoundingClientRect().left;  // where the scrolling columns start, unscrolled
    const pinLeft = first - left + wrap.scrollLeft;
    const pinRight = edges.filter((r) => r.left >= first).reduce((w, r) => w + r.width, 0);
    const room = wrap.clientWidth - pinLeft - pinRight;
    const widest = Math.max(...moving.map((c) => c.getBoundingClientRect().width));
    const width = room / Math.max(1, Math.floor(room / widest));
    moving.forEach((c) => {
      c.style.boxSizing = "border-box";
      c.style.width = c.style.minWidth = c.style.maxWidth = width + "px";
      c.style.scrollSnapAlign = "start";
    });
    wrap.style.scrollPaddingLeft = pinLeft + "px";
    wrap.style.scrollPaddingRight = pinRight + "px";
    wrap.classList.add("whole-columns");
  }

  // A row a player, the rounds beside the totals: the newest rounds (and their ✎) are the ones in sight. A round a
  // line wider than the phone (five long names, six-figure totals): a line under it says the table scrolls.
  function newestInSight() {
    document.querySelectorAll(".grid-wrap > .grid").forEach(wholeColumns);
    document.querySelectorAll(".grid.by-player").forEach((table) => {
      const wrap = table.closest(".grid-wrap");
      if (wrap) wrap.scrollLeft = wrap.scrollWidth;
    });
    document.querySelectorAll("[data-wider-hint]").forEach((hint) => {
      const wrap = hint.previousElementSibling;
      hint.hidden = !wrap || wrap.scrollWidth <= wrap.clientWidth + 1;
    });
  }

  // A page on its way to another (a form sent: End the game, a round saved) is not reloaded by its poll: the reload
  // would cut the answer off on its way (the game it just changed is a change to the poll too).
  let leaving = false;
  // Still here a few seconds on (a download, not a new page; a save kept offline): it follows the game again.
  let back = null;
  function away() {
    leaving = true;
    window.clearTimeout(back);
    back = window.setTimeout(() => { leaving = false; }, 8000);
  }
  window.addEventListener("beforeunload", away);
  window.addEventListener("pageshow", () => { leaving = false; });

  // A tap just made (a link, Undo, a box): a reload now would land under the finger, and the tap would start nothing.
  let tapped = 0;
  document.addEventListener("pointerdown", () => { tapped = Date.now(); }, true);
  document.addEventListener("keydown", () => { tapped = Date.now(); }, true);
  const justTapped = () => Date.now() - tapped < 2000;

  function follow(note) {
    const form = document.getElementById("round-form");
    // The page's own round on its way (outbox.js sends it, then opens the answer): the poll would show the round
    // saved on a page that is about to go, and a tap on it (Undo, Delete) would be lost with it.
    if (form) form.addEventListener("submit", away);
    let tag = note.dataset.etag;
    // a round just deleted, back in the form to fix (data-put-back), is as good as typed: never reloaded away
    let typed = !!(form && form.hasAttribute("data-put-back"));
    let wasOpen = !!document.querySelector("#standings-live[data-open]");
    if (form) form.addEventListener("input", () => { typed = true; });

    async function poll() {
      if (document.hidden || leaving) return;
      let answer;
      try {
        answer = await fetch(note.dataset.live, { headers: { "If-None-Match": tag }, credentials: "same-origin", cache: "no-cache" });
      } catch (e) {
        connected(false);
        return;  // offline for now: the next poll tries again
      }
      connected(true);
      if (answer.status !== 200 || leaving) return;
      if (form && !typed && justTapped()) return;  // the next poll reloads
      tag = answer.headers.get("ETag") || tag;
      if (form && !typed) { window.location.reload(); return; }
      swap(await answer.text());
      const open = !!document.querySelector("#standings-live[data-open]");  // a round can be entered now
      if (!form && open && "editor" in note.dataset && !justTapped()) { window.location.reload(); return; }  // a form again
      if (form) {  // typed here and kept: said what changed, and Save only while the game takes a round
        note.textContent = !open ? note.dataset.ended : wasOpen ? note.dataset.changed : note.dataset.resumed;
        wasOpen = open;
        note.hidden = false;
        form.querySelectorAll("button[type=submit]").forEach((b) => { b.disabled = !open; });
      }
    }

    window.setInterval(poll, EVERY_MS);
    document.addEventListener("visibilitychange", poll);
  }

  // The rules for this round open over the table, in a sheet: the page, and what is typed in it, stay as they are.
  function rulesSheet(event) {
    const summary = event.target.closest(".rules-now > summary");
    if (!summary || !window.HTMLDialogElement) return;  // no <dialog>: the panel opens in place
    event.preventDefault();
    const panel = summary.parentNode;
    let sheet = document.getElementById("rules-sheet");
    if (!sheet) {
      sheet = document.createElement("dialog");
      sheet.id = "rules-sheet";
      sheet.className = "sheet";
      sheet.setAttribute("aria-labelledby", "rules-sheet-title");
      sheet.addEventListener("click", (e) => { if (e.target === sheet) sheet.close(); });  // a tap outside closes
      document.body.appendChild(sheet);
    }
    const title = document.createElement("h2");
    title.id = "rules-sheet-title";
    title.textContent = summary.textContent.trim();
    const close = document.createElement("form");
    close.method = "dialog";
    const button = document.createElement("button");
    button.className = "button primary";
    button.textContent = panel.dataset.sheetClose;
    close.appendChild(button);
    sheet.replaceChildren(title, panel.querySelector(".rules-now-body").cloneNode(true), close);
    sheet.showModal();
    button.focus();
  }

  // After a save the totals are on top; while the next round's form is out of sight, a button at the thumb leads there.
  function jumpBar(bar) {
    const form = document.getElementById(bar.dataset.jumpTo);
    // where typing starts: the form's first question, a round's own ("Who went out") or a player's
    const first = form && form.querySelector(".field, .seat-entry");
    if (!first) return;
    // Gone for good once the player types or taps in the form: an open pad can make a box taller than the screen,
    // and the button would sit over its keys.
    let reached = false;
    const reach = () => { reached = true; bar.hidden = true; };
    form.addEventListener("focusin", reach);
    form.addEventListener("click", reach);
    // Gone as soon as the first box (a card box, a score box, its ±) can be tapped: its middle on the screen. A button
    // over it would take the taps meant for it; a form that only peeks in at the bottom still gets the button.
    const boxes = "input:not([type=hidden]), select, textarea, button";
    const update = () => {
      const box = Array.from(first.querySelectorAll(boxes)).find((b) => b.offsetWidth > 1 && b.offsetHeight > 1) || first;
      const r = box.getBoundingClientRect();
      bar.hidden = reached || r.top + r.height / 2 < window.innerHeight;
    };
    let asked = false;
    const soon = () => { if (!asked) { asked = true; window.requestAnimationFrame(() => { asked = false; update(); }); } };
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon);
    window.addEventListener("load", soon);
    soon();  // once entry.js has drawn the boxes
  }

  function copyButtons() {
    // Where the clipboard is unavailable (plain HTTP), the button selects the link for a long-press copy.
    document.querySelectorAll("[data-copy]").forEach((b) => {
      if (navigator.clipboard) return;
      b.hidden = false;
      b.addEventListener("click", () => {
        const input = document.getElementById(b.dataset.copy);
        input.focus();
        input.select();
        try { document.execCommand("copy"); } catch (e) { /* selected: the phone's own copy does the rest */ }
      });
    });
  }

  function keepAwake(toggle) {
    // Screen Wake Lock: on by default while a game is open; the choice is remembered.
    if (!("wakeLock" in navigator)) return;
    const box = toggle.querySelector("input");
    let lock = null;
    try { box.checked = localStorage.getItem("wake") !== "off"; } catch (e) { box.checked = true; }
    const apply = async () => {
      if (box.checked && !lock && document.visibilityState === "visible") {
        try {
          lock = await navigator.wakeLock.request("screen");
          lock.addEventListener("release", () => { lock = null; });
        } catch (e) { lock = null; }  // refused (battery saver): the screen sleeps as usual
      } else if (!box.checked && lock) {
        await lock.release();
      }
    };
    box.addEventListener("change", () => {
      try { localStorage.setItem("wake", box.checked ? "on" : "off"); } catch (e) { /* not remembered */ }
      apply();
    });
    document.addEventListener("visibilitychange", apply);  // the lock ends when the page is hidden
    toggle.hidden = false;
    apply();
  }

  document.addEventListener("DOMContentLoaded", () => {
    newestInSight();
    let turned = window.innerWidth;  // a phone turned: the columns share the new width
    window.addEventListener("resize", () => { if (window.innerWidth !== turned) { turned = window.innerWidth; newestInSight(); } });
    document.querySelectorAll("[data-live]").forEach(follow);
    if (!navigator.onLine) connected(false);
    window.addEventListener("offline", () => connected(false));
    window.addEventListener("online", () => connected(true));
    document.querySelectorAll("[data-wake]").forEach(keepAwake);
    copyButtons();
    document.addEventListener("click", rulesSheet);
    document.querySelectorAll("[data-jump-to]").forEach(jumpBar);
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("/sw.js").catch(() => { /* the pages work without it */ });
    }
  });
})();
