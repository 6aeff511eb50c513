// The new-game form: choosing how the table plays (a preset) fills in its house rules, and
// says which of them changed. The form works without this: the server applies the preset.
(function () {
  "use strict";

  function setInput(form, name, value) {
    const input = form.elements.namedItem(name);
    if (input instanceof RadioNodeList) {  // its value setter leaves a choice of "" (the usual) unchecked
      Array.from(input).forEach((radio) => { radio.checked = radio.value === String(value); });
    } else if (input && input.type === "checkbox") input.checked = Boolean(value);
    else if (input) input.value = value;
  }

  // An input by name; a group of radio buttons is known by its first, and named by its fieldset's legend.
  function inputOf(form, name) {
    const input = form.elements.namedItem(name);
    return input instanceof RadioNodeList ? input[0] : input;
  }

  function labelOf(form, name) {
    const input = inputOf(form, name);
    const label = input && (input.type === "radio" ? input.closest("fieldset")?.querySelector("legend")
      : (input.id && form.querySelector("label[for='" + input.id + "']")) || input.closest("label"));  // a tick box's wraps it
    return label ? label.textContent.trim() : name;
  }

  // A house rule another answer rules out (Golf's knocking rules when nobody knocks) is hidden while it is chosen.
  function initUnused(form) {
    const fields = form.querySelectorAll(".field[data-unused-when]");
    if (!fields.length) return;
    const update = () => fields.forEach((field) => {
      const [name, value] = field.dataset.unusedWhen.split("=");
      const input = form.elements.namedItem(name);
      const now = input && input.type === "checkbox" ? (input.checked ? "True" : "False") : input && input.value;
      field.hidden = Boolean(input) && now === value && !field.classList.contains("has-error");
    });
    form.addEventListener("change", update);
    form.addEventListener("preset-filled", update);
    update();
  }

  function initPresets(box) {
    const form = box.closest("form");
    const shown = form.elements.namedItem("shown_preset");
    const changes = box.querySelector(".preset-changes");
    const presets = JSON.parse(box.dataset.presets || "{}");
    if (!shown) return;
    box.addEventListener("change", (event) => {  // a radio button per way of playing
      if (event.target.name !== "preset") return;
      const chosen = event.target.value;
      const values = presets[chosen] || presets[""] || {};
      const usual = presets[""] || {};
      const changed = [];
      Object.keys(values).forEach((name) => {
        setInput(form, name, values[name]);
        inputOf(form, name)?.closest(".field")?.classList.toggle("from-preset", values[name] !== usual[name]);
        if (values[name] !== usual[name]) changed.push(labelOf(form, name));
      });
      shown.value = chosen;
      if (changes) {
        changes.hidden = !changed.length;
        changes.textContent = changed.length ? changes.dataset.changedLabel + " " + changed.join(", ") : "";
      }
      const details = form.querySelector("details.options");
      if (details && changed.length) details.open = true;
      form.dispatchEvent(new Event("preset-filled"));
    });
  }

  // A choice that stands for numbers in boxes (the books needed to go out, by kind): choosing it fills them, and
  // boxes typed to a choice's numbers choose it; numbers no choice has leave none chosen, the boxes saying the rule.
  function initFills(field) {
    const form = field.closest("form");
    const fills = JSON.parse(field.dataset.fills || "{}");
    const radios = field.querySelectorAll("input[type=radio]");
    const names = [...new Set(Object.values(fills).flatMap(Object.keys))];
    const typed = (name) => Number((form.elements.namedItem(name) || {}).value || 0);  // a box left empty: none
    field.addEventListener("change", (event) => {
      Object.entries(fills[event.target.value] || {}).forEach(([name, value]) => setInput(form, name, value));
    });
    names.forEach((name) => form.elements.namedItem(name)?.addEventListener("input", () => {
      const chosen = Object.keys(fills).find((choice) =>
        Object.entries(fills[choice]).every(([box, value]) => typed(box) === Number(value)));
      radios.forEach((radio) => { radio.checked = radio.value === chosen; });
    }));
  }

  // The house rules stay open after a refused form once they were opened here: the server reads this input.
  function rememberOpen(details) {
    const input = details.querySelector("input[name='" + details.dataset.rememberOpen + "']");
    if (input) details.addEventListener("toggle", () => { input.value = details.open ? "1" : ""; });
  }

  // A name played before, in one tap (any game: "Five Crowns"), with the house rules it was last played with.
  function initFill(button) {
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.fill);
      if (input) { input.value = button.dataset.value; input.dispatchEvent(new Event("input", { bubbles: true })); }
      const options = JSON.parse(button.dataset.options || "{}");
      Object.entries(options).forEach(([name, value]) => {
        button.form.querySelectorAll("[name='opt_" + name + "']").forEach((box) => {
          if (box.type === "radio" || box.type === "checkbox") box.checked = String(value) === box.value;
          else box.value = value === null ? "" : String(value);
          box.dispatchEvent(new Event("change", { bubbles: true }));
        });
      });
    });
  }

  // Another game picked on a group's form: the players ticked and a newcomer typed go with it.
  function initGamePick(nav) {
    const form = document.querySelector("form[data-new-game]");
    if (!form) return;
    nav.addEventListener("click", (event) => {
      const chip = event.target.closest("a.chip");
      if (!chip) return;
      event.preventDefault();
      const url = new URL(chip.href);
      url.searchParams.set("picked", "1");
      form.querySelectorAll("input[name=players]:checked").forEach((box) => url.searchParams.append("players", box.value));
      const newcomer = form.elements.namedItem("newcomer");
      if (newcomer && newcomer.value.trim()) url.searchParams.set("newcomer", newcomer.value.trim());
      window.location.href = url.toString();
    });
  }

  // A group's players sit in the order of the list: "↑" moves one up a seat (the form posts them in that order).
  function initSeats(fieldset) {
    fieldset.querySelectorAll(".seat-pick").forEach((label) => {
      const row = document.createElement("div");
      row.className = "seat-row";
      label.replaceWith(row);
      const up = document.createElement("button");
      up.type = "button";
      up.className = "button secondary seat-up";
      up.textContent = "↑";
      up.setAttribute("aria-label", fieldset.dataset.moveUp.replace("{name}", label.querySelector("input").value));
      up.addEventListener("click", () => {
        const above = row.previousElementSibling;
        if (!above || !above.classList.contains("seat-row")) return;
        row.parentNode.insertBefore(row, above);
        // the names are seated anew (table.js): who deals first follows the person to their new seat
        const form = fieldset.closest("form");
        if (form) form.dispatchEvent(new Event("change", { bubbles: true }));
        up.focus();
      });
      row.append(label, up);
    });
    const help = fieldset.querySelector("[data-seat-help]");
    if (help) help.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("fieldset[data-move-up]").forEach(initSeats);
    document.querySelectorAll("nav[data-game-pick]").forEach(initGamePick);
    document.querySelectorAll("button[data-fill]").forEach(initFill);
    document.querySelectorAll(".preset-choice[data-presets]").forEach(initPresets);
    document.querySelectorAll("form").forEach(initUnused);
    document.querySelectorAll("details[data-remember-open]").forEach(rememberOpen);
    document.querySelectorAll(".field[data-fills]").forEach(initFills);
  });
})();
