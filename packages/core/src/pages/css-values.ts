/**
 * Validation of the theme and provider-style values that end up in CSS or in an `<img src>`. The values come from the
 * developer's config, but a page must not let a typo — or a value built from user data — inject CSS
 * (`red;} body{display:none`) or load a remote asset, so anything outside a small grammar is dropped.
 */

const hexColor = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i
// Functional notations with numbers, units, `%`, `/`, commas and spaces only: no `;`, braces, quotes or parentheses
// inside, so the value cannot leave its declaration.
const functionalColor = /^(?:rgba?|hsla?)\([\d\sa-z.,%/+-]{1,64}\)$/i
const namedColor = /^[a-z]{1,32}$/i

/**
 * `value` when it is a plain CSS colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()`
 * with safe characters, or a named colour), otherwise `undefined`. The empty string means "unset".
 */
export function safeCssColor(value: string | undefined): string | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (hexColor.test(trimmed) || functionalColor.test(trimmed) || namedColor.test(trimmed)) return trimmed
  return undefined
}

/**
 * `src` when it may be shown as an image on a page: a same-origin absolute path (`/logo.svg`, not the
 * protocol-relative `//host` nor `/\host`, which browsers also read as `//host`) or a `data:image/…` URL.
 * Remote logos are refused: the pages make no request to another origin (and the CSP allows `img-src 'self' data:`).
 */
export function safeImageSrc(src: string | undefined): string | undefined {
  if (!src) return undefined
  // URL parsers strip tabs and newlines (`/\t/evil.com` becomes `//evil.com`), so no whitespace or control
  // character at all, and no backslash.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(src)) return undefined
  if (/^\/(?!\/)/.test(src)) return src
  if (/^data:image\/[a-z\d.+-]+[;,]/i.test(src)) return src
  return undefined
}

/**
 * Black or white, whichever contrasts more with `background` (WCAG 2.2 relative luminance), or `undefined` when
 * the colour is not a hex or numeric `rgb()` colour this function can read (named colours, `hsl()`).
 */
export function contrastingTextColor(background: string): "#000" | "#fff" | undefined {
  const rgb = parseRgb(background)
  if (!rgb) return undefined
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast ratio (L1 + 0.05) / (L2 + 0.05) against white (L = 1) and black (L = 0).
  const withWhite = 1.05 / (luminance + 0.05)
  const withBlack = (luminance + 0.05) / 0.05
  return withWhite >= withBlack ? "#fff" : "#000"
}

function parseRgb(color: string): [number, number, number] | undefined {
  if (hexColor.test(color)) {
    const hex = color.slice(1)
    const short = hex.length <= 4
    const channel = (i: number): number =>
      parseInt(short ? hex.charAt(i).repeat(2) : hex.slice(i * 2, i * 2 + 2), 16)
    return [channel(0), channel(1), channel(2)]
  }
  const match = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/][\s\d.%]*)?\)$/i.exec(color)
  if (!match) return undefined
  const channels = [match[1], match[2], match[3]].map(Number)
  if (channels.some((c) => c > 255)) return undefined
  return channels as [number, number, number]
}
