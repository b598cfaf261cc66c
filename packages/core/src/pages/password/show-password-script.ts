/**
 * "Show password" (NIST SP 800-63B-4 §3.1.1.2: offer to display the password while it is typed). A checkbox after
 * the password fields, hidden in the HTML and revealed by this script, so that a browser without script never shows a
 * control that does nothing. The script is inline and allowed by its hash (CSP `script-src`), like the passkey form's;
 * it reads and changes only the page's own password fields, and the checkbox has no name, so it is never posted.
 */
import { escapeHtml } from "../escape.js"

/** Marks the inputs the checkbox switches between `type="password"` and `type="text"`. */
export const passwordFieldMarker = "data-password-field"

// ES5, no `</script`: the text is hashed as it is and placed inside <script> unchanged.
export const showPasswordScript = [
  "(function () {",
  '  var boxes = document.querySelectorAll("[data-show-password]");',
  "  for (var i = 0; i < boxes.length; i++) {",
  "    var box = boxes[i];",
  "    box.hidden = false;",
  '    box.querySelector("input").addEventListener("change", function (event) {',
  `      var fields = document.querySelectorAll("input[${passwordFieldMarker}]");`,
  '      for (var j = 0; j < fields.length; j++) fields[j].type = event.target.checked ? "text" : "password";',
  "    });",
  "  }",
  "})();",
].join("\n")

/** The checkbox, labelled in the page's language; shown by `showPasswordScript`. */
export function showPasswordToggle(label: string): string {
  return `<label class="show-password" data-show-password hidden><input type="checkbox"> ${escapeHtml(label)}</label>`
}

/** Its CSS: `hidden` must win over the base `label { display: block }`, and the checkbox sits beside its words. */
export const showPasswordCss = `
[hidden] { display: none !important; }
.show-password { display: flex; align-items: center; gap: 0.5rem; margin: 0 0 0.75rem; font-weight: 400; }
.show-password input { display: inline-block; width: auto; margin: 0; }
`
