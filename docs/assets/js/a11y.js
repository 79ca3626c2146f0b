/* Keyboard and screen-reader fixes to what Material builds in the page (classic script).
 *
 * - Wide tables: Material wraps each table in a box that scrolls sideways
 *   (.md-typeset__scrollwrap). A box that scrolls must be reachable with the keyboard
 *   (WCAG 2.1.1; axe's scrollable-region-focusable), so each one that overflows its width
 *   becomes a tab stop (the arrow keys then scroll it); one that fits stays out of the tab order.
 * - Code blocks: Material puts each block's copy button in a <nav>, an unnamed landmark per
 *   block (axe's landmark-unique); a button beside a code block is no navigation, so the <nav>
 *   becomes a <div> with the same class and children (Material's handlers are on the button).
 */
(function () {
  "use strict";
  function mark() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.scrollWidth > box.clientWidth + 1) box.setAttribute("tabindex", "0");
      else if (box.getAttribute("tabindex") === "0") box.removeAttribute("tabindex");
    }
    var navs = document.querySelectorAll("nav.md-code__nav");
    for (var j = 0; j < navs.length; j++) {
      var div = document.createElement("div");
      div.className = navs[j].className;
      for (var c = navs[j].firstChild; c; c = navs[j].firstChild) div.appendChild(c);
      navs[j].replaceWith(div);
    }
  }
  /** @type {ReturnType<typeof setTimeout> | null} */
  var pending = null;
  function soon() {
    if (pending) clearTimeout(pending);
    pending = setTimeout(function () {
      pending = null;
      mark();
    }, 50);
  }
  // Material mounts the page's components (document$) after this script has run.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(soon);
  window.addEventListener("load", soon);
  window.addEventListener("resize", soon);
})();
