// Small progressive helpers for the phone pages; every form works without them.
(function () {
  "use strict";

  // How cards are written (ranks, suits and their signs, other spellings) comes from the server
  // in data-deck, and their values in data-card-values: the rules code stays the only copy.
  function deckOf(entry) {
    return JSON.parse(entry.dataset.deck ||
      '{"ranks": [], "suits": {}, "red": [], "aliases": {}, "typed_ranks": [], "letters": {}, "unseen": "", "other_signs": {}}');
  }

  // Read one card as the server reads the reader's letters ("10h", "Q♠", "V♥", "DCo" in French):
  // {rank, suit} in the deck's codes, or null. Shared with entry.js (loaded after this file).
  // An emoji keyboard's spade is the spade, and its other signs for a suit (a red heart, the white suits) that suit's
  // sign, as the server reads them: the deck says which (cards.PRESENTATION: "unseen", "other_signs").
  const plain = (text, deck) => Array.from(String(text)).filter((c) => !(deck.unseen || "").includes(c))
    .map((c) => (deck.other_signs || {})[c] || c).join("").trim().toUpperCase();

  // Split what was typed as the server does: a suit's sign at the end, else the longest suit letter of the reader's
  // language after a rank that `known` accepts. {rank, suit}: the suit a code, or "" when none was found.
  function split(raw, deck, known) {
    const signs = Object.fromEntries(Object.entries(deck.suits).map(([code, sign]) => [sign, code]));
    if (raw.length > 1 && signs[raw.slice(-1)]) return { rank: raw.slice(0, -1), suit: signs[raw.slice(-1)] };
    const found = Object.keys(deck.letters).sort((a, b) => b.length - a.length)
      .find((l) => raw.endsWith(l) && known(raw.slice(0, -l.length)));
    return found ? { rank: raw.slice(0, -found.length), suit: deck.letters[found] } : { rank: raw, suit: "" };
  }

  function cardOf(text, deck) {
    const typed = (r) => deck.typed_ranks.includes(r);
    const card = split(plain(text, deck), deck, typed);
    if (!typed(card.rank)) return null;
    const rank = deck.aliases[card.rank] || card.rank;
    if (rank === "X" && card.suit) return null;  // a joker has no suit: "XP" is no card, as the server says
    return { rank: rank, suit: card.suit };
  }
  // Say why a card in the other language's letters is refused, as the server says it ("VC: C is clubs in English and
  // hearts in French…"), or null: the same reading as the server's (rules.cards.read_typed).
  function trapOf(text, deck) {
    const raw = plain(text, deck);
    const traps = deck.traps || {}, rankTraps = deck.rank_traps || {};
    const typed = (r) => deck.typed_ranks.includes(r);
    const rank = split(raw, deck, (r) => typed(r) || r in rankTraps).rank;
    // no suit found: a letter of the other language after a rank of this one ("10C" on a French page)
    // a rank letter of the other language before a suit letter of either ("JC" on a French page): that rank's key
    if (rank === raw && !typed(raw) && rankTraps[raw[0]] && (deck.suit_letters || []).includes(raw.slice(1))) {
      return rankTraps[raw[0]];
    }
    if (rank === raw && raw.length > 1 && typed(raw.slice(0, -1)) && traps[raw.slice(-1)]) return traps[raw.slice(-1)];
    return !typed(rank) && rankTraps[rank] ? rankTraps[rank] : null;
  }
  // Write a card as the reader does: the rank in their letters, the suit as its symbol ("D♥").
  function cardText(card, deck) {
    if (card.rank === "X") return "X";
    return ((deck.names || {})[card.rank] || card.rank) + (card.suit ? deck.suits[card.suit] : "");
  }
  // Write a number as the pages do, with a true minus sign ("−12", as the server's |minus): shared with entry.js.
  function minus(n) {
    return String(n).replace(/-(?=\d)/g, "\u2212");
  }
  window.scorekeeperCards = { read: cardOf, write: cardText, minus: minus };

  function cardValue(text, values, deck) {
    const card = cardOf(text, deck);
    if (!card) return null;
    if (card.suit && (card.rank + card.suit) in values) return values[card.rank + card.suit];
    return card.rank in values ? values[card.rank] : null;
  }

  function showMinimum(entry, total, count) {
    const out = entry.querySelector(".meld-check");
    if (!out || !entry.dataset.min) return;
    const min = Number(entry.dataset.min);
    out.classList.toggle("ok", count > 0 && total >= min);
    out.classList.toggle("bad", count > 0 && total < min);
    out.textContent = !count ? "" : (total >= min ? entry.dataset.reaches : entry.dataset.short)
      .replace("{points}", minus(total)).replace("{min}", min).replace("{more}", min - total);
  }

  function showTotal(entry) {
    const input = entry.querySelector(".cards input");
    const out = entry.querySelector(".card-total");
    const values = JSON.parse(entry.dataset.cardValues || "{}");
    if (!input || !out || !Object.keys(values).length) return;
    const cards = input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
    let total = 0;
    const deck = deckOf(entry);
    // cards the rules refuse in this box, with their reason ("3H": count it under red threes), as the server says it
    const said = JSON.parse(entry.dataset.cardSaid || "{}");
    for (const card of cards) {
      const read = cardOf(card, deck);
      const v = cardValue(card, values, deck);
      const why = read && said[read.rank + read.suit];
      if (v === null || why) {  // said, and no verdict on the rest
        out.textContent = (why || (!read && trapOf(card, deck)) || entry.dataset.unread || "").replace("{card}", card);
        showMinimum(entry, 0, 0);
        return;
      }
      total += v;
    }
    const label = (cards.length === 1 && entry.dataset.totalOne) || entry.dataset.totalLabel || "{n}: {points}";
    out.textContent = cards.length ? label.replace("{n}", cards.length).replace("{points}", minus(total)) : "";
    showMinimum(entry, total, cards.length);
  }

  function buildPad(entry, input) {
    const deck = deckOf(entry);
    const values = JSON.parse(entry.dataset.cardValues || "{}");
    // where the box knows what cards count, only those: no joker for Gin's upcard, as the rules have none
    const counted = (rank) => !Object.keys(values).length || rank in values ||
      Object.keys(deck.suits).some((suit) => (rank + suit) in values);
    const pad = document.createElement("div");
    pad.className = "pad";
    let suitMode = false;
    const add = (text) => {  // a box for one card (an upcard) takes the card tapped in place of the one there
      input.value = (input.value.trim() && !entry.hasAttribute("data-one-card") ? input.value.trim() + " " : "") + text;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    };
    deck.ranks.filter(counted).forEach((rank) => {
      const b = document.createElement("button");
      const shown = (deck.names || {})[rank] || rank;  // R, D, V for a French reader
      b.type = "button"; b.textContent = rank === "X" ? "🃏" : shown; b.dataset.rank = rank;
      b.addEventListener("click", () => add(shown));
      pad.appendChild(b);
    });
    Object.entries(deck.suits).forEach(([code, symbol]) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = symbol; b.className = deck.red.includes(code) ? "suit-red" : "";
      b.setAttribute("aria-label", (deck.suit_names || {})[code] || symbol);  // a suit's name, never a letter
      b.addEventListener("click", () => {
        const v = input.value.trimEnd();
        const last = v.split(/\s+/).pop() || "";
        const card = cardOf(last, deck);
        if (card && !card.suit && card.rank !== "X") {  // a symbol, never a letter: it reads alike in every language
          input.value = v + symbol; input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      });
      pad.appendChild(b);
    });
    const back = document.createElement("button");
    back.type = "button"; back.textContent = "⌫"; back.className = "wide"; back.setAttribute("aria-label", deck.back || "⌫");
    back.addEventListener("click", () => {
      const parts = input.value.trim().split(/\s+/); parts.pop();
      input.value = parts.join(" "); input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    pad.appendChild(back);
    return pad;
  }

  function initCards(entry) {
    const input = entry.querySelector(".cards input");
    const toggle = entry.querySelector(".pad-toggle");
    if (!input) return;
    input.addEventListener("input", () => showTotal(entry));
    showTotal(entry);
    if (!toggle) return;
    toggle.hidden = false;
    let pad = null;
    toggle.addEventListener("click", () => {
      if (!pad) { pad = buildPad(entry, input); entry.appendChild(pad); }
      else { pad.hidden = !pad.hidden; }
      toggle.setAttribute("aria-expanded", String(!pad.hidden));
    });
  }

  // A count typed as a number, or added up by tapping cards (deadwood, points left).
  function initCount(entry) {
    const input = entry.querySelector("input");
    const toggle = entry.querySelector(".pad-toggle");
    const values = JSON.parse(entry.dataset.cardValues || "{}");
    if (!input || !toggle) return;
    toggle.hidden = false;
    let pad = null;
    const taps = [];  // the cards tapped, shown under the box ("K Q 7 = 27") so that ⌫ takes back one that is seen
    const tapped = document.createElement("output");
    tapped.className = "cards-tapped";
    tapped.setAttribute("aria-live", "polite");
    let ours = false;
    const set = (n) => {
      input.value = String(n);
      ours = true;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      ours = false;
      tapped.textContent = taps.length ? taps.map((t) => t.shown).join(" ") + " = " + input.value : "";
    };
    input.addEventListener("input", () => { if (!ours) { taps.length = 0; tapped.textContent = ""; } });  // typed
    toggle.addEventListener("click", () => {
      if (pad) { pad.hidden = !pad.hidden; return; }
      pad = document.createElement("div");
      pad.className = "pad";
      const deck = deckOf(entry);
      deck.ranks.filter((r) => r in values).forEach((rank) => {
        const b = document.createElement("button");
        b.type = "button"; b.textContent = rank === "X" ? "🃏" : ((deck.names || {})[rank] || rank); b.dataset.rank = rank;
        b.addEventListener("click", () => {
          taps.push({ value: values[rank], shown: b.textContent });
          set((Number(input.value) || 0) + values[rank]);
        });
        pad.appendChild(b);
      });
      const back = document.createElement("button");
      back.type = "button"; back.textContent = "⌫"; back.className = "wide"; back.setAttribute("aria-label", deck.back || "⌫");
      back.addEventListener("click", () => { if (taps.length) set((Number(input.value) || 0) - taps.pop().value); });
      pad.appendChild(back);
      entry.append(tapped, pad);
    });
  }

  function initSum(check) {
    const form = check.closest("form");
    const inputs = form.querySelectorAll(".sum-" + check.dataset.sumField + " input");
    const want = Number(check.dataset.sumTo);
    let touched = false;  // stay neutral until the scorer types a count
    const update = () => {
      let got = 0;
      inputs.forEach((i) => { got += Number(i.value) || 0; });
      // "Tricks: 3 / 13", as the reader's language writes it ("Plis : 3 / 13")
      check.textContent = check.dataset.sumLabel.replace("{got}", minus(got)).replace("{want}", minus(want));
      check.classList.toggle("ok", got === want);
      check.classList.toggle("bad", touched && got !== want);
    };
    inputs.forEach((i) => i.addEventListener("input", () => { touched = true; update(); }));
    update();
  }

  function initPlayers(form) {
    // Who deals first: the players' names as typed, in seat order; seats past the last name typed are not offered
    // (the one chosen stays, to be refused with its reason)
    // A group's form seats the players ticked, in the list's order, then a newcomer.
    const dealer = form.querySelector("#opt_first_dealer");
    const seated = () => [
      ...Array.from(form.querySelectorAll(".player-name input"), (input) => input.value.trim()),
      ...Array.from(form.querySelectorAll("input[name=players]:checked"), (box) => box.value),
      ...Array.from(form.querySelectorAll("input[name=newcomer]"), (input) => input.value.trim()),
    ].filter(Boolean);
    if (dealer) {
      const options = Array.from(dealer.options);
      options.forEach((option) => { option.dataset.fallback = option.textContent; });
      let before = null;  // who was seated at the last look: who deals first is a person, and stays chosen
      const show = () => {
        const typed = seated();
        const chosen = before && dealer.value !== "" ? before[Number(dealer.value)] : null;
        if (chosen && typed.indexOf(chosen) >= 0 && typed[Number(dealer.value)] !== chosen) {
          dealer.value = String(typed.indexOf(chosen));  // moved, or someone above them left the table
        }
        before = typed;
        options.forEach((option) => {
          const seat = Number(option.value);
          option.textContent = typed[seat] || option.dataset.fallback;
          const empty = typed.length > 0 && seat >= typed.length && !option.selected;
          option.hidden = empty;
          option.disabled = empty;  // an iPhone's picker shows hidden options: there they are greyed out
        });
      };
      form.addEventListener("input", show);
      form.addEventListener("change", show);
      show();
    }
    const extras = Array.from(form.querySelectorAll(".player-name.extra"));
    const button = form.querySelector("[data-add-player]");
    if (!button || !extras.length) return;
    extras.forEach((e) => { e.hidden = true; });
    button.hidden = false;
    button.addEventListener("click", () => {
      const next = extras.find((e) => e.hidden);
      if (next) { next.hidden = false; next.classList.remove("extra"); next.querySelector("input").focus(); }
      if (!extras.some((e) => e.hidden)) button.hidden = true;
    });
  }

  // A copy leaves nothing to see: the button says "Copied" for a moment.
  function copied(b) {
    if (!b.dataset.copyLabel) b.dataset.copyLabel = b.textContent;
    b.textContent = b.dataset.copied || b.dataset.copyLabel;
    clearTimeout(b.copiedTimer);
    b.copiedTimer = setTimeout(() => { b.textContent = b.dataset.copyLabel; }, 2000);
  }

  // A refused round: bring its form into view, the first field to fix in sight (below the banner when both fit,
  // else in the middle of the screen: a fifth player's box is far down a long form), with the cursor on it.
  function showRefusal() {
    const banner = document.querySelector(".round-form .refused, .round-form .error");
    if (!banner) return;
    // The refusal is the answer to a form: Back to it from another page, or a reload, made the browser ask to send
    // the round again. As a plain entry of its address it opens the table, where this phone's draft keeps the entry.
    window.history.replaceState(window.history.state, "", window.location.href);
    banner.closest("form").scrollIntoView({ block: "start" });
    const bad = document.querySelector(".round-form .has-error input, .round-form .has-error select");
    if (!bad) return;
    bad.focus({ preventScroll: true });
    // measured once the page's scripts have built the form: its chips, pads and card buttons grow the seats above
    window.requestAnimationFrame(() => {
      const marked = bad.closest(".has-error");
      if (marked.getBoundingClientRect().bottom > window.innerHeight) marked.scrollIntoView({ block: "center" });
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    showRefusal();
    document.querySelectorAll(".cards-entry").forEach(initCards);
    document.querySelectorAll(".count-entry").forEach(initCount);
    document.querySelectorAll(".sum-check").forEach(initSum);
    document.querySelectorAll("form[data-new-game]").forEach(initPlayers);
    // Asked before anything else of the form (so a No leaves its button as it was), and of a form the live view
    // swapped in too (a Delete under new rounds): one listener for the page, in the capture phase.
    document.addEventListener("submit", (e) => {
      const f = e.target;
      if (f.matches && f.matches("form[data-confirm]") && !window.confirm(f.dataset.confirm)) e.preventDefault();
    }, true);
    document.querySelectorAll("[data-copy]").forEach((b) => {
      if (!navigator.clipboard) return;
      b.hidden = false;
      b.addEventListener("click", () => navigator.clipboard.writeText(document.getElementById(b.dataset.copy).value)
        .then(() => copied(b), () => { /* refused: the link is still there to long-press */ }));
    });
    document.querySelectorAll("form").forEach((f) => {
      f.addEventListener("submit", (e) => {   // one tap, one round: no double submission
        if (e.defaultPrevented) return;
        const b = f.querySelector("button[type=submit]");
        if (b) setTimeout(() => { b.disabled = true; }, 0);
      });
    });
  });

  // A game's last change in the reader's own time ("Nov 26, 2026, 3:05 PM"): the server knows only the date in UTC,
  // and two games of one evening with the same players then read alike.
  document.addEventListener("DOMContentLoaded", () => {
    const when = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
    document.querySelectorAll("time[data-local-time]").forEach((t) => {
      const at = new Date(t.getAttribute("datetime"));
      if (!Number.isNaN(at.getTime())) t.textContent = when.format(at);
    });
  });
})();
