// A half-entered round is never lost: what is typed in the round form is kept on this phone (localStorage),
// per game and round, and put back in the form when the page opens again (after the rules, Back, a reload, the
// screen locking, the browser closed). It stays until that round is saved or the player clears it.
// A phone that lost a race to save a round sees what it typed beside the saved round, and may put its own in.
// Loaded before entry.js: the form is filled before its helpers (chips, pads, the Golf layout) are drawn.
(function () {
  "use strict";

  const PREFIX = "scorekeeper-draft:";
  const SKIP = ["csrf_token", "entry_key", "number"];

  // A draft typed on a page in one language is put back in the letters of the page it comes back to (the EN/FR
  // button), so that an English K is not read as a French carreau: each card read in its language's letters and
  // written in the page's (data-card-letters: every language's deck, from the server; table.js reads and writes).
  const language = (lang) => (lang || "en").slice(0, 2);

  function cardsIn(text, from, to) {
    const cards = window.scorekeeperCards;
    return text.split(/([\s,]+)/).map((part) => {
      const card = part.trim() && part.indexOf(",") < 0 ? cards.read(part, from) : null;
      if (card) return cards.write(card, to);
      // not a card in its own letters (a French "10C"), left as typed for the server to name, unless the page's letters
      // would read it as another card (an English 10 of clubs): then marked, so that it is named, never scored
      return part.trim() && part.indexOf(",") < 0 && cards.read(part, to) ? "?" + part : part;
    }).join("");
  }

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }  // private mode: no drafts
  }

  function where(form) {
    const game = form.action.replace(/\/rounds$/, "").split("/").pop();
    const number = form.elements.number ? form.elements.number.value : "";
    return { game: game, number: Number(number) };
  }

  const keyOf = (game, number) => PREFIX + game + ":" + number;

  // Whether a round of this game typed here still waits in the outbox (outbox.js) to reach the server.
  function waiting(game, number) {
    const store = storage();
    let entries = [];
    try { entries = JSON.parse((store && store.getItem("scorekeeper-outbox")) || "[]"); } catch (e) { return false; }
    return entries.some((e) => String(e.table || "").split("/").pop() === game
      && (e.fields || []).some(([name, value]) => name === "number" && Number(value) === number));
  }

  function read(key) {
    const store = storage();
    try { return store ? JSON.parse(store.getItem(key) || "null") : null; } catch (e) { return null; }
  }

  function drop(key) {
    const store = storage();
    if (store) store.removeItem(key);
  }

  function kept(game) {  // [number, key] of every draft of this game
    const store = storage();
    const found = [];
    if (!store) return found;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.indexOf(PREFIX + game + ":") === 0) found.push([Number(key.split(":").pop()), key]);
    }
    return found;
  }

  // The boxes a round is typed in; one another answer rules out (greyed out: a draw's knocker) is not sent, so it is
  // neither kept nor shown beside a lost race.
  function controls(form) {
    return Array.from(form.elements).filter((e) => e.name && !SKIP.includes(e.name) && !e.disabled &&
      ["INPUT", "SELECT", "TEXTAREA"].includes(e.tagName) && e.type !== "hidden");
  }

  function labelOf(control) {
    const chips = control.closest("fieldset.chips");
    if (chips) return chips.querySelector("legend").textContent.trim();
    if (control.dataset.pad) return control.dataset.pad;  // "points laid down", not "or points laid down"
    const label = control.labels && control.labels[0];
    return label ? label.textContent.trim() : "";
  }

  // What each player was given, in words, to show beside a round another phone saved.
  function summary(form) {
    const lines = [];
    // the round's own picks first ("Who went out: Ann"), then each player's boxes
    form.querySelectorAll("fieldset.chips").forEach((chips) => {
      if (chips.closest(".seat-entry")) return;
      const picked = controls(chips).filter((c) => c.checked && c.value !== "").map((c) => c.parentNode.textContent.trim());
      if (picked.length) lines.push([labelOf(picked.length && chips.querySelector("input")), picked.join(", ")]);
    });
    form.querySelectorAll(".seat-entry").forEach((seat) => {
      const mine = controls(seat).filter((c) => (c.type === "checkbox" || c.type === "radio") ? c.checked
        : c.value.trim() !== "" && !(c.dataset.count !== undefined && c.value.trim() === "0"));
      const one = mine.length === 1 && mine[0].type !== "checkbox" && mine[0].type !== "radio";
      const parts = mine.map((c) => {
        if (c.type !== "checkbox" && c.type !== "radio") return one ? c.value.trim() : labelOf(c) + " " + c.value.trim();
        return c.closest("fieldset.chips") ? labelOf(c) + " " + c.parentNode.textContent.trim() : labelOf(c);
      });
      lines.push([seat.querySelector("legend").textContent.trim(), parts.join(" · ") || "–"]);
    });
    return lines;
  }

  // ``whole``: the form is what was typed, as it stands (a refused form, which the server sent back filled in: its
  // picks are its defaults there, and would not count as typed).
  function save(form, at, sent, whole) {
    const store = storage();
    if (!store) return;
    const fields = [];
    let typed = false;
    controls(form).forEach((c) => {
      if (c.type === "checkbox" || c.type === "radio") {
        if (c.checked) fields.push([c.name, c.value]);
        if (c.checked !== c.defaultChecked) typed = true;  // "Nobody" chosen from the start is not typing
      } else if (c.tagName === "SELECT" && c.multiple) {
        Array.from(c.selectedOptions).forEach((o) => fields.push([c.name, o.value]));
      } else {
        fields.push([c.name, c.value]);
        if (c.value.trim() !== "" && !(c.dataset.count !== undefined && c.value.trim() === "0")) typed = true;
      }
    });
    if (!typed && !whole) { drop(at); return false; }
    try {
      // the counts the scorer gave (entry.js marks them touched), and those the page filled in (its last count): put
      // back as they were, so that the last count fills itself and follows again
      const auto = controls(form).filter((c) => c.classList.contains("auto")).map((c) => c.name);
      const touched = controls(form).filter((c) => c.dataset.touched && !c.classList.contains("auto")).map((c) => c.name);
      store.setItem(at, JSON.stringify({ fields: fields, summary: summary(form), saved: Date.now(), sent: !!sent,
        lang: language(document.documentElement.lang), auto: auto, touched: touched }));
    } catch (e) { return false; }  // full: the form still holds it
    return true;
  }

  function restore(form, draft) {
    const values = {};
    draft.fields.forEach(([name, value]) => { (values[name] = values[name] || []).push(value); });
    const letters = JSON.parse(form.dataset.cardLetters || "{}"), page = language(document.documentElement.lang);
    const from = letters[draft.lang], to = letters[page];
    const relettered = !!(from && to) && draft.lang !== page;
    controls(form).forEach((c) => {
      const got = values[c.name];
      if (c.type === "checkbox" || c.type === "radio") {
        c.checked = !!got && got.includes(c.value);
      } else if (c.tagName === "SELECT" && c.multiple) {
        Array.from(c.options).forEach((o) => { o.selected = !!got && got.includes(o.value); });
      } else if (got) {
        // cards in the page's letters; never the points box beside them ("1" is no ace)
        c.value = relettered && c.closest(".cards-entry .field.cards") ? cardsIn(got[0], from, to) : got[0];
        // a count the scorer gave: not filled in for them (one the page filled in is filled in again: entry.js). A
        // draft of before these were kept: any count but the 0 a count box is served with
        const given = draft.touched ? draft.touched.includes(c.name)
          : got[0] !== "" && !(draft.auto || []).includes(c.name) && !(c.dataset.count !== undefined && got[0] === "0");
        if (given) c.dataset.touched = "1";
      }
    });
  }

  // Whether the form differs from what the page was served with (a blank form, a round deleted and put back by the
  // server, a correction's stored round): only then is it something typed on this phone.
  function differsFromPage(form) {
    return controls(form).some((c) => (c.type === "checkbox" || c.type === "radio")
      ? c.checked !== c.defaultChecked : c.value !== c.defaultValue);
  }

  function showNote(note, on) {
    if (note) note.hidden = !on;
  }

  // --- a round another phone saved first: what this phone typed, beside it ---------------------------------

  function race(panel, draftKey) {
    const draft = read(draftKey);
    if (!draft) return false;
    const list = panel.querySelector("[data-race-mine]");
    draft.summary.forEach(([name, text]) => {
      const item = document.createElement("li");
      const who = document.createElement("strong");
      who.textContent = "\u2068" + name + "\u2069: ";  // a right-to-left name isolated: never its colon taken along
      item.append(who, document.createTextNode(text));
      list.appendChild(item);
    });
    const replace = panel.querySelector("[data-race-replace]");
    const keep = panel.querySelector("[data-race-keep]");
    replace.addEventListener("click", () => {
      if (!window.confirm(replace.dataset.confirm)) return;
      const post = document.createElement("form");
      post.method = "post";
      post.action = panel.dataset.raceEdit;
      post.hidden = true;
      const token = document.querySelector("input[name=csrf_token]");
      // The round as this panel showed it: if another phone corrects it meanwhile, the correction is not overwritten.
      const was = panel.dataset.raceWas ? [["was", panel.dataset.raceWas]] : [];
      const fields = draft.fields.concat(token ? [["csrf_token", token.value]] : [], was);
      fields.forEach(([name, value]) => {
        const input = document.createElement("input");
        input.type = "hidden"; input.name = name; input.value = value;
        post.appendChild(input);
      });
      document.body.appendChild(post);
      drop(draftKey);
      post.submit();
    });
    keep.addEventListener("click", () => { drop(draftKey); panel.hidden = true; });
    panel.querySelectorAll("[data-race-js]").forEach((e) => { e.hidden = false; });
    inSight(panel);
    return true;
  }

  // The panel of a lost race is where the eyes and the thumb land, focused, however long the page: a player who sees no
  // message thinks the round was saved. Brought back once the page has loaded, as the browser may then put the page
  // back where the phone left it (the same address, loaded again after the save), far from the panel.
  function inSight(panel) {
    panel.tabIndex = -1;
    const bring = () => {
      const tall = panel.getBoundingClientRect().height > window.innerHeight;
      panel.scrollIntoView({ block: tall ? "start" : "center" });
      panel.focus({ preventScroll: true });
    };
    bring();  // and again once entry.js has drawn the form's helpers above it, if they pushed it away
    const away = () => {  // its message not wholly in sight
      const r = (panel.firstElementChild || panel).getBoundingClientRect();
      return r.top < 0 || r.bottom > window.innerHeight;
    };
    const again = () => window.requestAnimationFrame(() => { if (!panel.hidden && away()) bring(); });
    again();
    if (document.readyState !== "complete") window.addEventListener("load", again, { once: true });
  }

  // A round typed here and never sent, saved meanwhile by another phone: the same choice as a lost race, with what
  // that round holds (data-rounds-was, a digest per round), so that "Replace it with mine" never overwrites a round
  // changed since the panel showed it. Once this phone saves a later round, the choice is gone (see the form's submit).
  function unsent(template, game, number, form) {
    const panel = template.content.firstElementChild.cloneNode(true);
    const table = form ? form.action.replace(/\/rounds$/, "") : window.location.href.split(/[?#]/)[0];
    panel.dataset.raceRound = number;
    panel.dataset.raceWas = (template.dataset.roundsWas || "").split(" ")[number - 1] || "";
    panel.dataset.raceEdit = table + "/rounds/" + number + "/edit";
    template.replaceWith(panel);
    return race(panel, keyOf(game, number));
  }

  // A correction half typed is kept too (the rules, Back, a reload), for the round as it stood when its form was
  // shown: data-draft-correction names the game, the round and what it held, so once another phone corrects the
  // round, the draft no longer applies over it. Kept only while it differs from what the form was shown with.
  // Put back, it says so ("Your changes, kept on this phone…"), with a way back to what the round holds; Cancel throws
  // it away, so that it never comes back later looking like the stored round.
  function keepCorrection(form) {
    const at = PREFIX + "correction:" + form.dataset.draftCorrection;
    const draft = read(at);
    const note = form.querySelector("[data-draft-note]");
    // A refused correction shows what this phone sent, which is not the stored round: it is kept as it stands (and
    // as it changes), so that Back to it from another page, or a reload, which open the stored round, put it back.
    const refused = !!form.querySelector(".error");
    if (draft && !refused) {
      restore(form, draft);
      shownAgain(form);
    }
    showNote(note, !!read(at));
    let sent = false;
    const keep = () => {
      if (sent) return;
      if (refused) save(form, at);
      else if (differsFromPage(form)) showNote(note, save(form, at));
      else { drop(at); showNote(note, false); }
    };
    if (refused) keep();
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    form.addEventListener("click", () => window.setTimeout(keep, 0));  // chips and pads that set values
    window.addEventListener("pagehide", keep);
    form.addEventListener("submit", () => { sent = true; drop(at); });
    // Cancel throws it away only when the page can go (offline, the tap ends on the browser's error page: kept, with
    // its note); "Back to what was saved" puts back what the page was served with, here, online or not
    const cancel = form.querySelector("[data-draft-cancel]");
    if (cancel) cancel.addEventListener("click", () => { if (navigator.onLine) { sent = true; drop(at); } });
    const clear = form.querySelector("[data-draft-clear]");
    if (clear) clear.addEventListener("click", () => { drop(at); form.reset(); readAgain(form); showNote(note, false); });
    // the page shown again from the browser's memory (Back after Cancel): what it shows is kept again as it changes
    window.addEventListener("pageshow", (event) => { if (event.persisted) { sent = false; keep(); } });
  }

  // Cards put back show their count and points again ("2 cards: 40 points"), as when they were typed; the first control
  // counts as typed (the live view swaps the scores in, never reloads over it).
  function shownAgain(form) {
    const first = controls(form)[0];
    if (first) first.dispatchEvent(new Event("input", { bubbles: true }));
    form.querySelectorAll(".cards-entry .cards input").forEach((c) => {
      if (c !== first && c.value) c.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  // Every box put back by a reset is read again, as when it was typed: its helpers (a sum's total, the ± sign, the
  // chips, the card count, a greyed-out question) show what it holds now, never what was typed before.
  function readAgain(form) {
    Array.from(form.elements).filter((e) => e.name && !SKIP.includes(e.name) && e.type !== "hidden" &&
      ["INPUT", "SELECT", "TEXTAREA"].includes(e.tagName)).forEach((box) => {
      box.dispatchEvent(new Event("input", { bubbles: true }));
      box.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const correction = document.querySelector("form[data-draft-correction]");
    if (correction) { keepCorrection(correction); return; }
    const form = document.getElementById("round-form");
    const panel = document.querySelector("[data-race-round]");
    const page = document.querySelector("[data-game-id]");
    const game = form ? where(form).game : (page ? page.dataset.gameId : null);
    if (!game) return;
    let racing = panel ? Number(panel.dataset.raceRound) : null;
    let shown = panel && race(panel, keyOf(game, racing));
    const template = document.querySelector("template[data-race-unsent]");
    // Saved since, here or on another phone. Without a form (the big screen, a finished game) nothing is known.
    const done = (number) => !!form && number < where(form).number;
    if (!shown && template) {
      const lost = kept(game).filter(([number, key]) => done(number) && !(read(key) || {}).sent)
        .sort((a, b) => a[0] - b[0]).pop();
      if (lost) { racing = lost[0]; shown = unsent(template, game, racing, form); }
    }
    // A draft of a round saved since is done with; the lost race's stays until it is answered, and one still waiting
    // in the outbox stays until the server answers it (a round typed offline that another phone saved meanwhile: its
    // answer is the race, shown beside this draft).
    kept(game).forEach(([number, key]) => {
      if (done(number) && !(shown && number === racing) && !waiting(game, number)) drop(key);
    });
    if (!form) return;
    const at = keyOf(game, where(form).number);
    const note = form.querySelector("[data-draft-note]");
    const refused = form.querySelector(".refused, .has-error");
    const draft = read(at);
    if (draft && !refused) {
      restore(form, draft);  // a refused form shows what was sent: that is the draft
      shownAgain(form);
    }
    if (refused) save(form, at, false, true);
    showNote(note, !!read(at));
    let cleared = false;
    // sent to the server: kept as sent, so that a later page knows it was not lost here (a draft put back that was
    // sent, waiting in the outbox, stays so until it is changed)
    let sent = !!(draft && !refused && draft.sent);
    const keep = () => {
      if (cleared || sent) return;
      if (refused || differsFromPage(form)) { showNote(note, save(form, at, false, !!refused)); return; }
      drop(at);  // nothing typed here: what the page came with is no draft of this phone's
      showNote(note, false);
    };
    const edited = () => { sent = false; keep(); };
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
    form.addEventListener("submit", () => {
      save(form, at, true);
      sent = true;
      // this phone goes on to this round: an earlier one it typed and never sent is no longer offered
      kept(game).forEach(([number, key]) => { if (number < where(form).number) drop(key); });
    });
    form.addEventListener("click", () => window.setTimeout(keep, 0));  // chips and pads that set values
    window.addEventListener("pagehide", keep);
    document.addEventListener("visibilitychange", () => { if (document.hidden) keep(); });
    const clear = form.querySelector("[data-draft-clear]");
    if (clear) {
      clear.addEventListener("click", () => {
        cleared = true;
        drop(at);
        window.location.replace(window.location.pathname);  // the blank form, from the server
      });
    }
  });
})();
