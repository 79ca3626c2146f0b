/* The palette toggle (light / dark), in place of Material's palette component (classic script).
 *
 * Material's component re-applied the palette after every page load with two or three
 * full-document style recalculations (overrides/partials/palette.html says why); the start-up is
 * now done while the header is parsed (overrides/partials/javascripts/palette.html, which defines
 * `window.__cc_palette(index)`: apply palette `index`, or the stored / system one). What is left
 * is what Material did on a change, the same way:
 * - A toggle (a label for the next palette's radio input) or Enter on the form picks the next
 *   palette: <body> is marked data-md-color-switching (Material's CSS turns transitions off
 *   under it) while the colours change, the choice is stored for every page
 *   (__md_set("__palette"), which Material's scripts read too), and the shown toggle changes.
 * - <meta name="theme-color"> follows the header's colour (the phone's browser bar): the
 *   template writes it, and each change reads it again.
 * - Until the reader chooses, a change of the system's light/dark preference is followed.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-cc-palette]");
  var apply = window.__cc_palette;
  if (!form || typeof apply !== "function") return;
  var palette = apply;
  var inputs = /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input.md-option"));

  function themeColor() {
    var meta = /** @type {HTMLMetaElement | null} */ (document.head.querySelector("meta[name=theme-color]"));
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "theme-color";
      document.head.appendChild(meta);
    }
    var header = document.querySelector("header");
    var rgb = header ? getComputedStyle(header).backgroundColor.match(/\d+/g) : null;
    if (!rgb) return;
    var hex = "#" + rgb.slice(0, 3).map(function (c) { return (+c).toString(16).padStart(2, "0"); }).join("");
    if (meta.content !== hex) meta.content = hex;
  }

  /** @param {number | undefined} index @param {boolean} store */
  function choose(index, store) {
    document.body.setAttribute("data-md-color-switching", "");
    var chosen = palette(index);
    if (chosen && store) __md_set("__palette", chosen);
    themeColor();    // reads the new style while transitions are still off
    requestAnimationFrame(function () { document.body.removeAttribute("data-md-color-switching"); });
  }

  for (var i = 0; i < inputs.length; i++) {
    inputs[i].addEventListener("change", function (event) {
      var input = /** @type {HTMLInputElement} */ (event.target);
      if (input.checked) choose(Array.prototype.indexOf.call(inputs, input), true);
    });
  }
  form.addEventListener("keydown", function (event) {
    if (/** @type {KeyboardEvent} */ (event).key !== "Enter") return;
    event.preventDefault();
    var shown = 0;    // the palette in use: the one whose toggle is shown
    for (var k = 0; k < inputs.length; k++) {
      var label = inputs[k].nextElementSibling;
      if (label instanceof HTMLElement && !label.hidden) shown = k;
    }
    var next = (shown + 1) % inputs.length;
    inputs[next].click();
    inputs[next].focus();
  });
  var light = matchMedia("(prefers-color-scheme: light)");
  var follow = function () { if (!__md_get("__palette")) choose(undefined, false); };
  if (light.addEventListener) light.addEventListener("change", follow);

  // The first theme colour is the template's (overrides/main.html): reading the header's style
  // after load forced a style recalculation of the whole page, a long task on a rules page.
})();
