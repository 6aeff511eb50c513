// Light or dark, as chosen with the header's toggle and remembered; else as the system says.
// Loaded before the page paints, so a chosen theme never flashes the other one.
(function () {
  "use strict";
  const root = document.documentElement;
  root.classList.add("js");  // the stylesheet draws what the page scripts will show from the first paint
  let chosen = null;
  try { chosen = localStorage.getItem("theme"); } catch (e) { /* private mode: follow the system */ }
  if (chosen === "light" || chosen === "dark") root.dataset.theme = chosen;

  document.addEventListener("DOMContentLoaded", () => {
    const button = document.querySelector("[data-theme-toggle]");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      const dark = root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
      root.dataset.theme = dark ? "light" : "dark";
      try { localStorage.setItem("theme", root.dataset.theme); } catch (e) { /* not remembered */ }
    });
  });
})();
