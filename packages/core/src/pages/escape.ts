/**
 * HTML escaping for the built-in pages. Every value that reaches a page — from the config, the query string or a
 * message table — goes through `escapeHtml`, in text and in (always double-quoted) attribute values alike.
 */

const replacements: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

/**
 * Escapes `& < > " '` so the value is inert both as element text and inside a quoted attribute.
 *
 * @example
 * `<input value="${escapeHtml(email)}">`
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => replacements[char] ?? char)
}
