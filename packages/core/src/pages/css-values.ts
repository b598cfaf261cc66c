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

/** A site logo the pages may show: its `src`, and the origin the CSP must allow when it is remote. */
export interface LogoSource {
  src: string
  /** `https://cdn.example` for a remote logo; absent for a same-origin path or a `data:` URL. */
  origin?: string
}

/**
 * `theme.logo` when a page may show it: whatever {@link safeImageSrc} accepts, or an absolute `https:` URL — as
 * Auth.js documents `theme.logo` — whose origin then joins the page's `img-src`, and nothing else. `http:` only when
 * `allowHttp` (development: a local asset server); never credentials in the URL, which the page would publish.
 */
export function safeLogoSource(src: string | undefined, options: { allowHttp: boolean }): LogoSource | undefined {
  if (!src) return undefined
  const local = safeImageSrc(src)
  if (local) return { src: local }
  // Same character rule as safeImageSrc: what a URL parser would silently drop must not be there.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\"'<>]/.test(src)) return undefined
  if (!/^https?:\/\/[^/]/i.test(src)) return undefined
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return undefined
  }
  if (url.username || url.password) return undefined
  if (url.protocol !== "https:" && !(url.protocol === "http:" && options.allowHttp)) return undefined
  return { src, origin: url.origin }
}

/**
 * The WCAG 2.2 contrast ratio of two colours (1 to 21), or `undefined` when either is not a colour
 * {@link contrastingTextColor} can read.
 */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  if (la === undefined || lb === undefined) return undefined
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * Black or white, whichever contrasts more with `background` (WCAG 2.2 relative luminance), or `undefined` when
 * the colour is not a hex or numeric `rgb()` colour this function can read (named colours, `hsl()`).
 */
export function contrastingTextColor(background: string): "#000" | "#fff" | undefined {
  const luminance = relativeLuminance(background)
  if (luminance === undefined) return undefined
  // Contrast ratio (L1 + 0.05) / (L2 + 0.05) against white (L = 1) and black (L = 0).
  const withWhite = 1.05 / (luminance + 0.05)
  const withBlack = (luminance + 0.05) / 0.05
  return withWhite >= withBlack ? "#fff" : "#000"
}

function relativeLuminance(color: string): number | undefined {
  const rgb = parseRgb(color)
  if (!rgb) return undefined
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
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
