/**
 * The browser and operating system named by a `User-Agent` header, for the "Your sessions" page: enough for a person
 * to recognise their own devices ("Firefox on Linux", "Safari on iPhone"), not a device database. Anything it does not
 * recognise is left undefined, and the page then shows the raw header instead of a wrong guess.
 *
 * The header is whatever the client sent: the result is only ever one of the fixed names below, never a part of it.
 */

export interface UserAgentParts {
  browser?: string
  os?: string
}

// Order matters: Chromium-based browsers also say "Chrome/" and "Safari/", Chrome also says "Safari/", and iOS
// browsers other than Safari carry their own token (CriOS, FxiOS, EdgiOS) next to Safari's.
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChromium\//, "Chromium"],
  [/(?:\b|Headless)Chrome\/|\bCriOS\//, "Chrome"],
  // Safari says "Version/x Safari/y"; an in-app web view on iOS says neither and stays unnamed, and so does the old
  // Android browser, which says both.
  [/^(?!.*\bAndroid\b).*\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
]

// iOS devices say "like Mac OS X", Android and ChromeOS say "Linux": the more specific names come first.
const systems: readonly [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\biPod\b/, "iPod"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
]

/**
 * The recognised browser and OS of `userAgent`; either may be undefined.
 *
 * @example
 * userAgentParts("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
 * // { browser: "Firefox", os: "Linux" }
 */
export function userAgentParts(userAgent: string): UserAgentParts {
  return {
    browser: browsers.find(([pattern]) => pattern.test(userAgent))?.[1],
    os: systems.find(([pattern]) => pattern.test(userAgent))?.[1],
  }
}

/**
 * `userAgent` shortened for display: whitespace collapsed and at most `max` characters (code points, so a surrogate
 * pair is never split), with "…" when cut.
 */
export function shortUserAgent(userAgent: string, max = 80): string {
  const chars = Array.from(userAgent.replace(/\s+/g, " ").trim())
  return chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : chars.join("")
}
