// The new-game form: choosing how the table plays (a preset) fills in its house rules, and
// says which of them changed. The form works without this: the server applies the preset.
(function () {
  "use strict";

  function setInput(form, name, value) {
    const input = form.elements.namedItem(name);
    if (!input) return false;
    const before = input.type === "checkbox" ? input.checked : input.value;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value;
    return before !== (input.type === "checkbox" ? input.checked : input.value);
  }

  function labelOf(form, name) {
    const input = form.elements.namedItem(name);
    const label = input && input.id && form.querySelector("label[for='" + input.id + "']");
    return label ? label.textContent.trim() : name;
  }

  function initPresets(box) {
    const form = box.closest("form");
    const select = box.querySelector("select");
    const shown = form.elements.namedItem("shown_preset");
    const changes = box.querySelector(".preset-changes");
    const presets = JSON.parse(box.dataset.presets || "{}");
    if (!select || !shown) return;
    select.addEventListener("change", () => {
      const values = presets[select.value] || presets[""] || {};
      const usual = presets[""] || {};
      const changed = [];
      Object.keys(values).forEach((name) => {
        setInput(form, name, values[name]);
        form.elements.namedItem(name)?.closest(".field")?.classList.toggle("from-preset", values[name] !== usual[name]);
        if (values[name] !== usual[name]) changed.push(labelOf(form, name));
      });
      shown.value = select.value;
      if (changes) {
        changes.hidden = !changed.length;
        changes.textContent = changed.length ? changes.dataset.changedLabel + " " + changed.join(", ") : "";
      }
      const details = form.querySelector("details.options");
      if (details && changed.length) details.open = true;
    });
  }

  // The house rules stay open after a refused form once they were opened here: the server reads this input.
  function rememberOpen(details) {
    const input = details.querySelector("input[name='" + details.dataset.rememberOpen + "']");
    if (input) details.addEventListener("toggle", () => { input.value = details.open ? "1" : ""; });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll(".preset-choice[data-presets]").forEach(initPresets);
    document.querySelectorAll("details[data-remember-open]").forEach(rememberOpen);
  });
})();
