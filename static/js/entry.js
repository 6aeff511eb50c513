// Entering a round in seconds: number chips and big − / + steppers for counts, the last count filled in when
// the others fix it, a number pad that follows the player being scored, a minus key for the iPhone keypads,
// sums added up as they are typed, card buttons instead of dropdowns, a Golf layout to tap, and one card pad
// open at a time. It only fills in the server's form: the server checks and scores every round.
(function () {
  "use strict";

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function button(text, label, className) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (label) b.setAttribute("aria-label", label);
    if (className) b.className = className;
    return b;
  }

  // A row of buttons that stands for one form control, named for screen readers by the control's label.
  function buttonRow(className, control) {
    const row = document.createElement("div");
    row.className = className;
    row.setAttribute("role", "group");
    const label = control.labels && control.labels[0];
    if (label) row.setAttribute("aria-label", label.textContent.trim());
    return row;
  }

  // --- counts: − / + -------------------------------------------------------------------------------

  function stepper(input) {
    const lo = Number(input.min || 0);
    const hi = input.max === "" ? Infinity : Number(input.max);
    const wrap = document.createElement("div");
    wrap.className = "stepper";
    const less = button("−", input.dataset.less || "−", "step");
    const more = button("+", input.dataset.more || "+", "step");
    const step = (by) => {
      const now = Number(input.value) || 0;
      input.value = String(Math.min(hi, Math.max(lo, now + by)));
      input.dataset.touched = "1";
      changed(input);
    };
    less.addEventListener("click", () => step(-1));
    more.addEventListener("click", () => step(1));
    input.parentNode.insertBefore(wrap, input);
    wrap.append(less, input, more);
  }

  // --- a count that shows what no one typed (its 0, or the last count filled in) is selected when tapped, so the
  // digits typed replace it: never "04", or "40" when the caret lands before the 0 ---------------------------

  function typedOver(input) {
    let selected = false;
    input.addEventListener("focus", () => {
      selected = input.value === "0" || input.classList.contains("auto");
      if (selected) input.select();
    });
    input.addEventListener("mouseup", (event) => {  // the tap that focused it would put a caret in the selection
      if (selected) event.preventDefault();
      selected = false;
    });
    ["keydown", "blur"].forEach((name) => input.addEventListener(name, () => { selected = false; }));  // reached by Next
  }

  // --- counts that stand alone: 0 1 2 3 4 chips, one tap each; "+" opens the box for a bigger count ----

  function countChips(input) {
    const lo = Number(input.min || 0);
    const top = Number(input.dataset.chips);
    const row = buttonRow("count-chips", input);
    const chips = [];
    const set = (n) => { input.value = String(n); input.dataset.touched = "1"; changed(input); };
    for (let n = lo; n <= top; n++) {
      const chip = button(String(n), null, "count-chip");
      chip.addEventListener("click", () => set(n));
      chips.push(chip);
    }
    const more = input.dataset.more ? button("+", input.dataset.more, "count-chip") : null;
    if (more) more.addEventListener("click", () => set(top + 1));
    const show = () => {
      chips.forEach((c) => c.setAttribute("aria-pressed", String(c.textContent === input.value.trim())));
      const chosen = chips.some((c) => c.textContent === input.value.trim());
      input.classList.toggle("in-chips", chosen);  // the chips show it; any other count shows in the box
      input.tabIndex = chosen ? -1 : 0;
      if (chosen) input.setAttribute("aria-hidden", "true"); else input.removeAttribute("aria-hidden");
      if (more) more.hidden = !chosen;
    };
    input.addEventListener("input", show);
    input.parentNode.insertBefore(row, input);
    row.append(...chips, ...(more ? [more] : []), input);
    show();
  }

  // --- points: a number pad that follows the player being scored -------------------------------------
  // It opens under the first player; a tap anywhere in another player's entry (a count, "went out") brings it
  // there, on that player's first empty box, so the points need no tap on their box. Python adds up the sums.

  function numberPad(seats) {
    const boxes = Array.from(seats.querySelectorAll("input[data-pad]"));
    if (!boxes.length) return;
    const words = JSON.parse(seats.dataset.padWords);
    const pad = document.createElement("div");
    pad.className = "pad number-pad";
    pad.setAttribute("role", "group");
    let target = null;
    let keyboard = false;  // the player asked for the phone's own keyboard: the pad stays away
    const key = (text, label, act, className) => {
      const b = button(text, label, className);
      b.addEventListener("click", act);
      pad.appendChild(b);
    };
    const put = (text) => { if (target) { target.value = text; changed(target); } };
    const next = () => aim(boxes.slice(boxes.indexOf(target) + 1)[0] || null);
    "123456789+0".split("").forEach((d) => key(d, null, () => put(target.value + d)));
    key("⌫", words.back, () => put(target.value.slice(0, -1)));
    key(words.next, null, next, "wide");
    key("⌨", words.keyboard, () => {
      const was = target;
      keyboard = true;
      boxes.forEach((b) => { b.inputMode = "tel"; });
      aim(null);
      if (was) was.focus();
    });
    // Where every count ends in 0 or 5 (Hand & Foot), the last two digits are one key that also moves on:
    // 345 is "3" then "45", 95 is "95" alone.
    const endings = document.createElement("div");
    endings.className = "pad-endings";
    endings.setAttribute("role", "group");
    endings.setAttribute("aria-label", words.endings);
    const caption = document.createElement("p");
    caption.className = "pad-caption";
    caption.setAttribute("aria-hidden", "true");
    caption.textContent = words.endings;
    endings.appendChild(caption);
    for (let n = 0; n < 100; n += 5) {
      const ending = String(n).padStart(2, "0");
      const b = button(ending, words.ending.replace("{digits}", ending));
      b.addEventListener("click", () => {
        const typed = target.value;
        put(typed === "" || typed.endsWith("+") ? typed + String(n) : typed + ending);  // "95" alone, "1" + "80"
        next();
      });
      endings.appendChild(b);
    }
    pad.appendChild(endings);

    function aim(box, reveal) {
      if (target) target.classList.remove("pad-target");
      target = box;
      if (!box) { pad.hidden = true; return; }
      const seat = box.closest(".seat-entry");
      const legend = seat.querySelector("legend");
      box.classList.add("pad-target");
      if (pad.parentNode !== seat) seat.appendChild(pad);
      endings.hidden = !box.hasAttribute("data-fives");
      pad.setAttribute("aria-label", words.pad.replace("{field}", box.dataset.pad || box.labels[0].textContent.trim())
        .replace("{player}", legend ? legend.textContent.trim() : ""));
      document.querySelectorAll(".pad:not(.number-pad)").forEach((p) => { p.hidden = true; });  // one pad open
      document.querySelectorAll(".pad-toggle").forEach((t) => t.setAttribute("aria-expanded", "false"));
      pad.hidden = false;
      // the pad sits at the end of the player's boxes: a tap on a box higher up (Hand & Foot's points laid down)
      // would open it out of sight, below the fold, and the tap would seem to do nothing
      if (reveal) requestAnimationFrame(() => {  // as far as the pad needs, the box it types into still in sight
        const over = pad.getBoundingClientRect().bottom - window.innerHeight;
        if (over > 0) window.scrollBy(0, Math.min(over + 8, box.getBoundingClientRect().top - 8));
      });
    }

    boxes.forEach((box) => {
      box.inputMode = "none";  // the pad types here; the phone's keyboard would cover the page
      box.addEventListener("focus", () => { if (!keyboard) aim(box, true); });
      box.addEventListener("click", () => { if (!keyboard && (target !== box || pad.hidden)) aim(box, true); });  // focused already
    });
    seats.addEventListener("click", (event) => {
      const seat = event.target.closest(".seat-entry");
      if (keyboard || !seat || seat.contains(pad) && !pad.hidden) return;
      if (event.target.closest(".pad, .pad-toggle, .field.cards")) return;  // the card pads have their own place
      if (event.target.matches("input:not([type=checkbox]):not([type=radio])")) return;  // a box: typed into
      const mine = boxes.filter((b) => seat.contains(b));
      if (mine.length) aim(mine.find((b) => !b.value) || mine[0]);
    });
    // a refused box has the cursor already (table.js showRefusal): the pad opens on it, to put it right
    const focused = boxes.find((b) => b === document.activeElement);
    if (focused) aim(focused);
    else if (!document.querySelector(".round-form .has-error")) aim(boxes[0]);
  }

  // --- a minus key: the numeric keypads of an iPhone have none ------------------------------------------

  function minusButton(input) {
    const sign = button("±", input.dataset.minus, "minus");
    const show = () => sign.setAttribute("aria-pressed", String(/^[-−–]/.test(input.value.trim())));
    sign.addEventListener("click", () => {
      const text = input.value.trim();
      const read = pointsIn(text, input.dataset.sum);
      // a sum turns round whole ("12+8" is −20, never "-12+8", −4); a number its sign
      if (read && read.sum) input.value = String(-read.total);
      else input.value = /^[-−–]/.test(text) ? text.slice(1) : "-" + text;
      changed(input);
    });
    input.addEventListener("input", show);
    const row = document.createElement("div");
    row.className = "signed";
    input.parentNode.insertBefore(row, input);
    row.append(input, sign);
    show();
  }

  // --- the last count of a hand that must add up fills itself --------------------------------------

  function lastCount(check) {
    const form = check.closest("form");
    const inputs = Array.from(form.querySelectorAll(".sum-" + check.dataset.sumField + " input"));
    const want = Number(check.dataset.sumTo);
    let auto = null;
    let filling = false;
    // The count filled in says so under its box, so that it is not taken for one the scorer typed.
    const note = document.createElement("small");
    note.className = "auto-note";
    note.textContent = check.dataset.autoNote || "";
    const unmark = () => { if (auto) auto.classList.remove("auto"); note.remove(); };
    const fill = (event) => {
      if (filling) return;
      if (event.target === auto) { unmark(); auto = null; }  // changed by hand: the scorer's
      event.target.dataset.touched = "1";
      // a box emptied again is open too: it holds no count, and the last one cannot be worked out without it
      const open = inputs.filter((i) => !i.dataset.touched || i === auto || i.value.trim() === "");
      const rest = inputs.filter((i) => i !== open[0]).reduce((sum, i) => sum + (Number(i.value) || 0), 0);
      const emptied = event.target.value.trim() === "";  // being typed again: never filled in under the typist
      if (emptied || open.length !== 1 || want - rest < 0) {  // what was filled in no longer holds: emptied
        if (auto) {
          filling = true;
          auto.value = "";
          changed(auto);
          filling = false;
          unmark();
          auto = null;
        }
        return;
      }
      if (auto !== open[0]) unmark();
      auto = open[0];
      auto.classList.add("auto");
      auto.closest(".field").appendChild(note);
      filling = true;
      if (auto.value !== String(want - rest)) { auto.value = String(want - rest); changed(auto); }
      filling = false;
    };
    inputs.forEach((i) => i.addEventListener("input", fill));
    // a draft put back (draft.js): the count it had filled in is filled in again, and follows the others
    const typed = inputs.find((i) => i.dataset.touched);
    if (typed) fill({ target: typed });
  }

  // --- sums as they are counted: 12+11+7 = 30 --------------------------------------------------------

  // Read a box's points as the server reads them (forms.PointsField): a number, or a sum as the table counts it
  // ("12+11+7", "-5+-5" = −10); spaces round a sign or grouping thousands ("1 000"), and commas grouping them where the
  // page's language does ("1,000": ``grouping`` holds its sign). {total, sum, grouped} or null when it is no number.
  function pointsIn(value, grouping) {
    let spaced = value.replace(/[−–]/g, "-").replace(/[\u00a0\u202f\t]/g, " ").replace(/\s*([+-])\s*/g, "$1").trim();
    // (no lookbehind: Safari before 16.4 would refuse the whole file)
    const grouped = grouping === "," && /\d,\d/.test(spaced);
    if (grouped) spaced = spaced.replace(/(^|[^\d,])(\d{1,3}(?:,\d{3})+)(?![\d,])/g, (m, pre, n) => pre + n.replace(/,/g, ""));
    const spacedOk = (spaced.match(/\d+(?:\s+\d+)+/g) || []).every((run) => /^\d{1,3}(?: \d{3})+$/.test(run));
    const text = spacedOk ? spaced.replace(/ /g, "") : "";
    if (!/^[+-]?\d+((\+-?|-)\d+)*$/.test(text)) return null;
    const total = Array.from(text.matchAll(/([+-]?)([+-]?)(\d+)/g)).reduce(
      (sum, [, op, sign, digits]) => sum + (op === "-" ? -1 : 1) * (sign === "-" ? -1 : 1) * Number(digits), 0);
    return { total: total, sum: /^[+-]?\d+((\+-?|-)\d+)+$/.test(text), grouped: grouped };
  }

  function sumPreview(input) {
    const out = document.createElement("output");
    out.className = "sum-total";
    out.setAttribute("aria-live", "polite");
    input.insertAdjacentElement("afterend", out);
    const show = () => {
      const read = pointsIn(input.value, input.dataset.sum);
      // a sum as it adds up; a number whose commas were read as grouping, as read ("100,200" = 100200: not two
      // scores), so a slip is seen before saving
      out.textContent = read && (read.sum || read.grouped) ? "= " + window.scorekeeperCards.minus(read.total) : "";
    };
    input.addEventListener("input", show);
    show();
  }

  // --- Chase the Ace: a row of card buttons per player ----------------------------------------------

  function rankButtons(select) {
    const row = buttonRow("rank-buttons", select);
    const buttons = [];
    Array.from(select.options).filter((o) => o.value).forEach((option) => {
      const b = button(option.textContent, null, "rank");
      b.dataset.rank = option.value;
      b.addEventListener("click", () => {
        select.value = select.value === option.value ? "" : option.value;  // a second tap takes it back
        changed(select);
      });
      buttons.push(b);
      row.appendChild(b);
    });
    const show = () => buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.rank === select.value)));
    select.addEventListener("change", show);
    select.classList.add("replaced");  // kept for the form (and for a test's select_option), out of the way
    select.setAttribute("aria-hidden", "true");
    select.tabIndex = -1;
    select.insertAdjacentElement("afterend", row);
    show();
  }

  // --- Golf: the layout drawn as it lies, a tap on a slot picks its card ------------------------------

  const ONE_EYED = ["JS", "JH"];

  const cardOf = (text, deck) => window.scorekeeperCards.read(text, deck);  // table.js reads cards for both

  function valueOf(card, values) {
    if (card.suit && (card.rank + card.suit) in values) return values[card.rank + card.suit];
    return values[card.rank] || 0;
  }

  function allowedPairs(picker) {
    const pairs = new Set();
    picker.lines.forEach((line) => line.forEach((i) => line.forEach((j) => { if (i < j) pairs.add(i + "," + j); })));
    for (let i = 0; i < picker.layout; i++) {
      for (let j = i + 1; j < picker.layout; j++) if (picker.pairs === "pairs") pairs.add(i + "," + j);
    }
    return pairs;
  }

  // The bonus for each four cards of one rank among those that cancel (places ``gone``).
  function foursBonus(cards, gone, picker) {
    if (!picker.four_bonus) return 0;
    const count = {};
    gone.forEach((i) => { count[cards[i].rank] = (count[cards[i].rank] || 0) + 1; });
    return picker.four_bonus * Object.values(count).reduce((n, c) => n + Math.floor(c / 4), 0);
  }

  // A preview of the rules module's layout score: the lowest total, with the cards that cancel.
  function preview(cards, picker) {
    const values = cards.map((c) => valueOf(c, picker.values));
    const all = cards.map((_, i) => i);
    const wild = (c) => picker.wild && ONE_EYED.includes(c.rank + c.suit);
    const scored = (gone) => ({
      score: all.filter((i) => !gone.includes(i)).reduce((s, i) => s + values[i], 0) + foursBonus(cards, gone, picker),
      gone: gone,
    });
    if (picker.pairs === "none") return scored([]);
    if (picker.pairs === "all") {
      const count = (r) => cards.filter((c) => c.rank === r).length;
      return scored(all.filter((i) => count(cards[i].rank) > 1 && !(picker.keep && values[i] < 0)));
    }
    let ways = [];
    if (picker.threes) {  // 9 cards: a whole line of three alike cancels
      const equal = picker.lines.filter((line) => new Set(line.filter((i) => !wild(cards[i])).map((i) => cards[i].rank)).size <= 1);
      for (let m = 0; m < (1 << equal.length); m++) {
        const gone = new Set();
        equal.forEach((line, k) => { if (m & (1 << k)) line.forEach((i) => gone.add(i)); });
        ways.push(Array.from(gone));
      }
    } else {
      const allowed = allowedPairs(picker);
      const pairs = (a, b) => a.rank === b.rank || wild(a) || wild(b);
      const cancel = (free) => {
        if (!free.length) return [[]];
        const [first, ...rest] = free;
        let found = cancel(rest);
        rest.forEach((other) => {
          if (allowed.has(first + "," + other) && pairs(cards[first], cards[other])) {
            found = found.concat(cancel(rest.filter((p) => p !== other)).map((way) => [first, other, ...way]));
          }
        });
        return found;
      };
      ways = cancel(all);
    }
    // the lowest score; of equal ones, the most crossed out (a pair of kings cancels too)
    return ways.map(scored).reduce((a, b) => (b.score < a.score || (b.score === a.score && b.gone.length > a.gone.length) ? b : a));
  }

  function golfPicker(entry, index, pickers) {
    const picker = JSON.parse(entry.dataset.picker);
    const deck = JSON.parse(entry.dataset.deck);
    const input = entry.querySelector(".cards input");
    const toggle = entry.querySelector(".pad-toggle");
    if (!input) return null;
    if (toggle) toggle.remove();  // the layout replaces the plain card pad
    const box = document.createElement("div");
    box.className = "layout-picker";
    const grid = document.createElement("div");
    grid.className = "layout-grid";
    grid.style.gridTemplateColumns = "repeat(" + picker.columns + ", 3.6rem)";
    const slots = [];
    let active = 0;
    let last = -1;  // the slot filled last: a suit goes to it
    for (let i = 0; i < picker.layout; i++) {
      const slot = button("", entry.dataset.pickerSlot.replace("{n}", i + 1), "slot-card");
      slot.addEventListener("click", () => { open(); select(i); });  // a tap on a slot picks its card
      slots.push(slot);
      grid.appendChild(slot);
    }
    const score = document.createElement("output");
    score.className = "layout-score";
    score.setAttribute("aria-live", "polite");
    const keys = document.createElement("div");
    keys.className = "pad layout-keys";
    deck.ranks.forEach((rank) => {
      const b = button(rank === "X" ? "🃏" : ((deck.names || {})[rank] || rank), rank === "X" ? "X" : null);  // R, D, V in French
      b.dataset.rank = rank;
      b.addEventListener("click", () => put(rank));
      keys.appendChild(b);
    });
    if (picker.suits) {
      Object.entries(deck.suits).forEach(([code, sign]) => {
        const b = button(sign, (deck.suit_names || {})[code] || sign, deck.red.includes(code) ? "suit-red" : "");
        b.addEventListener("click", () => suit(code));
        keys.appendChild(b);
      });
    }
    const clear = button(entry.dataset.pickerClear, null, "wide");
    clear.addEventListener("click", () => { write(slotsNow().map(() => "")); select(0); });
    keys.appendChild(clear);
    box.append(grid, score, keys);
    input.closest(".field").insertAdjacentElement("afterend", box);

    // Where each card lies is kept for this tab, beside the box's text (which holds the cards alone): a layout
    // tapped with a gap, refused as short or reloaded, comes back with its cards in their slots.
    const placed = "scorekeeper-slots:" + input.form.action + ":" +
      (input.form.elements.number ? input.form.elements.number.value : "") + ":" + input.name;
    let held = fromText();  // the card in each slot, "" for an empty one

    function fromText() {
      const parts = input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
      let kept = null;
      try { kept = JSON.parse(window.sessionStorage.getItem(placed) || "null"); } catch (e) { kept = null; }
      if (kept && kept.value === input.value && Array.isArray(kept.held) && kept.held.length === picker.layout) {
        return kept.held;  // the same cards as the box: in the slots they were tapped into
      }
      return Array.from({ length: picker.layout }, (_, i) => parts[i] || "");
    }

    function slotsNow() { return held.slice(); }

    function write(cards) {
      held = cards;
      input.value = cards.filter(Boolean).join(" ");  // a gap leaves a short layout: the server names it
      try { window.sessionStorage.setItem(placed, JSON.stringify({ value: input.value, held: cards })); } catch (e) { /* private mode */ }
      changed(input);
      draw();
    }

    function draw() {
      const texts = slotsNow();
      const cards = texts.map((t) => (t ? cardOf(t, deck) : null));
      slots.forEach((slot, i) => {
        const c = cards[i];
        slot.textContent = c ? (c.rank === "X" ? "🃏" : ((deck.names || {})[c.rank] || c.rank)) + (c.suit ? deck.suits[c.suit] : "") : "";
        slot.setAttribute("aria-label", c ? entry.dataset.pickerSlotCard.replace("{n}", i + 1).replace("{card}", texts[i])
          : entry.dataset.pickerSlot.replace("{n}", i + 1));  // "Carte 1 : A" in French, its space before the colon
        slot.classList.toggle("suit-red", !!(c && deck.red.includes(c.suit)));
        slot.classList.toggle("active", i === active && !keys.hidden);
        slot.classList.remove("cancelled");
      });
      // a card the rules refuse as it is (a queen with no suit, where the queen of spades has its own value): said
      const said = JSON.parse(entry.dataset.cardSaid || "{}");
      const refused = cards.find((c) => c && said[c.rank + c.suit]);
      if (refused) {
        score.textContent = said[refused.rank + refused.suit].replace("{card}", refused.rank);
      } else if (cards.every(Boolean)) {
        const shown = preview(cards, picker);
        shown.gone.forEach((i) => slots[i].classList.add("cancelled"));
        score.textContent = entry.dataset.pickerScore.replace("{points}", window.scorekeeperCards.minus(shown.score)) +
          (shown.gone.length ? " · " + entry.dataset.pickerPairs : "");
      } else {
        score.textContent = "";
      }
    }

    function select(i) { active = i; draw(); }

    function put(rank) {
      const cards = slotsNow();
      cards[active] = window.scorekeeperCards.write({ rank: rank, suit: "" }, deck);  // the reader's letter
      last = active;
      write(cards);
      const next = cards.findIndex((c, i) => !c && i > active);
      const empty = next >= 0 ? next : cards.findIndex((c) => !c);
      if (empty >= 0) { select(empty); return; }
      if (!picker.suits) nextPlayer();
    }

    function suit(code) {
      const cards = slotsNow();
      const at = last >= 0 ? last : active;
      const c = cards[at] ? cardOf(cards[at], deck) : null;
      if (!c || c.rank === "X") return;
      cards[at] = window.scorekeeperCards.write({ rank: c.rank, suit: code }, deck);  // "D♥", never "DH"
      write(cards);
    }

    function nextPlayer() {
      const next = pickers[index + 1];
      if (next) { next.open(); next.box.scrollIntoView({ block: "nearest" }); }
      else close();
    }

    function open() {
      pickers.forEach((p) => { if (p !== api) p.close(); });  // one pad open at a time
      document.querySelectorAll(".pad:not(.layout-keys)").forEach((pad) => { pad.hidden = true; });
      const empty = held.findIndex((c) => !c);
      if (keys.hidden && empty >= 0) active = empty;
      keys.hidden = false;
      draw();
    }

    function close() { keys.hidden = true; slots.forEach((s) => s.classList.remove("active")); }

    input.addEventListener("input", (e) => {
      if (!e.isTrusted) return;
      held = fromText();  // typed: the text decides
      draw();
    });
    // the form put back as it was served ("Back to what was saved"): the slots follow the box, once it is put back
    input.form.addEventListener("reset", () => window.setTimeout(() => { held = fromText(); draw(); }, 0));
    const api = { open: open, close: close, box: box };
    close();
    draw();
    return api;
  }

  // --- after a refusal: a tap on what is marked wrong opens its box (the pad, the layout or the keyboard) ------

  function boxOf(field) {
    return field.querySelector("input:not([type=hidden]):not([aria-hidden=true]), select:not(.replaced)") ||
      field.querySelector("input:not([type=hidden]), select");
  }

  function reach(box, pickers) {
    if (!box) return;
    const entry = box.closest(".field.cards") && box.closest(".cards-entry[data-picker]");  // the cards, not the score
    const picker = entry && pickers.find((p) => entry.contains(p.box));
    if (picker) { entry.scrollIntoView({ block: "center" }); picker.open(); return; }  // the layout's card keys
    // Focused first: a pad's box brings the pad (any other box, the keyboard), and the pad may leave another
    // player's boxes higher up, which moves this box; then in sight, the pad below it as far as the box stays.
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "center" });
  }

  function fixWhereMarked(form, pickers) {
    const marked = Array.from(form.querySelectorAll(".has-error"));
    if (!marked.length) return;
    marked.forEach((field) => {
      const box = boxOf(field);
      field.querySelectorAll(".error").forEach((message) => {
        message.classList.add("to-fix");
        message.addEventListener("click", () => reach(box, pickers));
      });
    });
    form.querySelectorAll(".refused, .error.banner").forEach((banner) => {
      banner.classList.add("to-fix");
      banner.addEventListener("click", () => reach(boxOf(marked[0]), pickers));
    });
  }

  // --- one pad open at a time --------------------------------------------------------------------------

  function onePad(event) {
    const toggle = event.target.closest(".pad-toggle");
    if (!toggle) return;
    const mine = toggle.parentNode.querySelector(".pad");
    document.querySelectorAll(".pad").forEach((pad) => {
      if (pad === mine || pad.classList.contains("layout-keys")) return;
      pad.hidden = true;
      const other = pad.parentNode.querySelector(".pad-toggle");
      if (other) other.setAttribute("aria-expanded", "false");
    });
    document.querySelectorAll(".layout-keys").forEach((keys) => { keys.hidden = true; });
  }

  // A question another answer rules out (Gin: a draw has no knocker and no deadwood) is greyed out and not sent
  // while that answer is chosen; what was typed in it stays, in case the answer changes back.
  function unusedWhen(box) {
    const [name, value] = box.dataset.unusedWhen.split("=");
    const form = box.closest("form");
    const answers = Array.from(form.querySelectorAll("input")).filter((c) => c.name === name);
    const update = () => {
      const off = answers.some((c) => c.checked && c.value === value);
      box.classList.toggle("unused", off);
      box.querySelectorAll("input, select").forEach((control) => {
        control.disabled = off;
        const pad = form.querySelector(`[data-pad-for="${control.id}"]`);
        if (pad) pad.disabled = off;
      });
    };
    answers.forEach((c) => c.addEventListener("change", update));
    update();
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll(".round-form div[data-unused-when]").forEach(unusedWhen);
    document.querySelectorAll(".round-form input[data-count]:not([data-chips])").forEach(stepper);
    document.querySelectorAll(".round-form input[data-count]").forEach(typedOver);
    document.querySelectorAll(".round-form input[data-chips]").forEach(countChips);
    document.querySelectorAll(".round-form input[data-minus]").forEach(minusButton);
    document.querySelectorAll(".round-form .seats[data-pad-words]").forEach(numberPad);
    document.querySelectorAll(".round-form .sum-check").forEach(lastCount);
    document.querySelectorAll(".round-form input[data-sum]").forEach(sumPreview);
    document.querySelectorAll(".round-form select[data-rank-buttons]").forEach(rankButtons);
    const pickers = [];
    document.querySelectorAll(".round-form .cards-entry[data-picker]").forEach((entry) => {
      const made = golfPicker(entry, pickers.length, pickers);
      if (made) pickers.push(made);
    });
    const refused = document.querySelector(".round-form .has-error");
    if (pickers.length && !refused) pickers[0].open();
    document.querySelectorAll(".round-form").forEach((form) => fixWhereMarked(form, pickers));
    document.addEventListener("click", onePad);
  });
})();
