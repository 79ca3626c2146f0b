/* The page's sentences: written at build time (catalogues/<lang>/ui.json) into each component,
 * shown through its role="status" element. */

/** @typedef {Record<string, string>} Messages  catalogue key -> sentence in the page's language */

/**
 * Messages written at build time for one component. A page holds each set once: a repeat
 * names the first (data-ref; sitegen/lightpage.py).
 * @param {Element} el
 * @returns {Messages}
 */
export function uiMessages(el) {
  let node = el.querySelector('script[type="application/json"][data-role="ui"]');
  const ref = node && node.getAttribute("data-ref");
  if (ref) node = document.getElementById(ref);
  if (!node) return {};
  try {
    return JSON.parse(node.textContent || "{}");
  } catch {
    return {};
  }
}

/**
 * `pattern` with every {name} replaced by params[name] (names not given stay as written).
 * @param {string} pattern
 * @param {Record<string, string | number>} params
 */
export function format(pattern, params) {
  return pattern.replace(/\{([a-z_]+)\}/gi, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** @typedef {import("../python/protocol.js").Kind} Kind */

/**
 * Writes `text` into the component's role="status" element.
 * @param {Element} el
 * @param {string} text
 * @param {string | null} [kind]
 */
export function say(el, text, kind) {
  const status = el.querySelector('[role="status"]');
  if (!status) return;
  status.textContent = text;
  if (kind) status.setAttribute("data-kind", kind);
  else status.removeAttribute("data-kind");
}

/**
 * The localized sentence for a failure to start Python (python/client.js BootError: `kind`
 * "file", "timeout", "mime" and "blocked" have their own; any other is a Python error).
 * @param {Messages} msgs
 * @param {{kind?: string, detail?: string} | null} err
 */
export function bootMessage(msgs, err) {
  if (err && err.kind === "file") return msgs["ui.file"] || "file://";
  if (err && err.kind === "timeout") return msgs["ui.timeout"] || "timeout";
  if (err && err.kind === "mime") return format(msgs["ui.boot-mime"] || "{type}", { type: err.detail || "–" });
  if (err && err.kind === "blocked") return format(msgs["ui.boot-blocked"] || "{file}", { file: err.detail || "" });
  return msgs["ui.python-error"] || "error";
}
