/**
 * The "Your sessions" page (issue 17): each session with its device, IP and dates, "This device" on the current one,
 * a revoke form for every other one and one for all of them, the outcome of a revoke, escaping, CSP, ten languages;
 * and, listing nothing, why (issue 25 item 9): signed out, not recorded, no registry, store unreachable, none found.
 */
import { describe, expect, it } from "vitest"
import { renderSessions, supportedLocales, type Locale, type SessionsPageEntry, type SessionsPageReason } from "../../src/pages/index.js"
import { messagesFor } from "../../src/pages/locales/index.js"
import { baseUrl, context, cspDirectives, forms, hidden, nodeSha256Source, styleContent, tags, text } from "./helpers.js"

const firefoxLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const chromeAndroid =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
const safariIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

const current: SessionsPageEntry = {
  id: "handle-current",
  current: true,
  createdAt: "2026-11-25T23:30:00.000Z",
  lastActiveAt: "2026-11-26T08:05:00.000Z",
  expires: "2026-12-25T23:30:00.000Z",
  userAgent: firefoxLinux,
  ip: "203.0.113.7",
}
const phone: SessionsPageEntry = {
  id: "handle-phone",
  current: false,
  createdAt: "2026-11-20T09:15:00.000Z",
  lastActiveAt: null,
  expires: "2026-12-20T09:15:00.000Z",
  userAgent: chromeAndroid,
  ip: "2001:db8::42",
}
const iphone: SessionsPageEntry = {
  id: "handle-iphone",
  current: false,
  createdAt: null,
  lastActiveAt: null,
  expires: "2026-12-01T00:00:00.000Z",
  userAgent: safariIphone,
  ip: null,
}
const three = [current, phone, iphone]

/** The list items of a page, each as its text. */
function items(html: string): string[] {
  return [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map(([item]) => text(item))
}

function deviceOf(userAgent: string | null, locale: Locale = "en"): string {
  const page = renderSessions(context({ locale }), [{ ...phone, userAgent, ip: null, createdAt: null }])
  return text(/<p class="session-device">[\s\S]*?<\/p>/.exec(page.html)![0])
}

describe("sessions page: the list", () => {
  it("shows each session in the order given, with its device, IP and dates in UTC, and 'This device' on the current one", () => {
    const page = renderSessions(context(), three)
    expect(page.status).toBe(200)
    expect(text(page.html)).toMatch(/^Your sessions /)
    const [first, second, third, ...rest] = items(page.html)
    expect(rest).toEqual([])
    // 23:30 UTC is still the 25th in UTC, whatever the server's own zone.
    expect(first).toMatch(
      /^Firefox on Linux This device IP address 203\.0\.113\.7 Signed in Nov 25, 2026, 11:30\sPM UTC Last active Nov 26, 2026, 8:05\sAM UTC$/,
    )
    expect(second).toMatch(/^Chrome on Android IP address 2001:db8::42 Signed in Nov 20, 2026, 9:15\sAM UTC Sign out$/)
    expect(third).toBe("Safari on iPhone Sign out")
    expect(text(page.html).match(/This device/g)).toHaveLength(1)
  })

  it("formats dates in the page's language (Intl medium date, short time, UTC)", () => {
    const page = renderSessions(context({ locale: "ru" }), [current])
    const format = new Intl.DateTimeFormat("ru", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
    expect(text(page.html)).toContain(`Вход: ${format.format(new Date(current.createdAt!))} UTC`)
    expect(text(page.html)).toContain("25 нояб. 2026")
    expect(text(page.html)).toContain("Firefox на Linux Это устройство IP-адрес 203.0.113.7")
  })

  it("leaves out a date that does not parse instead of showing 'Invalid Date'", () => {
    const page = renderSessions(context(), [{ ...current, createdAt: "yesterday", lastActiveAt: "" }])
    expect(text(page.html)).not.toMatch(/Invalid|NaN|Signed in|Last active/)
  })

  it.each([
    [firefoxLinux, "Firefox on Linux"],
    [chromeAndroid, "Chrome on Android"],
    [safariIphone, "Safari on iPhone"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on macOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPad"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1", "Chrome on iPhone"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15", "Firefox on iPhone"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.6.0.0 Safari/537.36", "Yandex Browser on Windows"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0", "Opera on Windows"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
    // An iOS app's web view names no browser: the OS alone, rather than a wrong "Safari".
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148", "iPhone"],
    ["curl/8.9.1", "curl/8.9.1"],
  ])("names the device of %j as %j", (userAgent, expected) => {
    expect(deviceOf(userAgent)).toBe(expected)
  })

  it("shows an unrecognised agent cut to 80 characters, and 'Unknown device' when there was none", () => {
    const long = `ExampleCorpSyncAgent/4.2 (build ${"x".repeat(200)})`
    const shown = deviceOf(long)
    expect(Array.from(shown)).toHaveLength(80)
    expect(shown).toMatch(/^ExampleCorpSyncAgent\/4\.2 \(build x+…$/)
    expect(deviceOf(null)).toBe("Unknown device")
    expect(deviceOf("   ")).toBe("Unknown device")
    expect(deviceOf(null, "ru")).toBe("Неизвестное устройство")
  })

  it("places the browser and OS where each language wants them", () => {
    expect(deviceOf(firefoxLinux, "tr")).toBe("Linux üzerinde Firefox")
    expect(deviceOf(safariIphone, "ja")).toBe("iPhone の Safari")
    expect(deviceOf(chromeAndroid, "de")).toBe("Chrome auf Android")
  })
})

describe("sessions page: the forms", () => {
  it("every other session has a form posting csrfToken and its id to baseUrl/sessions/revoke; the current one has none", () => {
    const page = renderSessions(context(), three)
    const [phoneForm, iphoneForm, allForm, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    for (const [form, entry] of [[phoneForm, phone], [iphoneForm, iphone]] as const) {
      expect(form).toMatchObject({ action: `${baseUrl}/sessions/revoke`, method: "post", buttons: ["Sign out"] })
      expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123", id: entry.id })
    }
    expect(page.html).not.toContain(current.id)
    expect(allForm).toMatchObject({ action: `${baseUrl}/sessions/revoke`, method: "post", buttons: ["Sign out everywhere else"] })
    expect(hidden(allForm!)).toEqual({ csrfToken: "csrf-token-123", all: "true" })
  })

  it("each 'Sign out' button names its device to assistive technology", () => {
    const page = renderSessions(context(), three)
    const ids = tags(page.html).filter((tag) => tag.name === "button").map((tag) => tag.attributes["aria-describedby"])
    expect(ids.slice(0, 2).map((id) => text(new RegExp(`<span id="${id}">([^<]*)</span>`).exec(page.html)![1]!))).toEqual([
      "Chrome on Android",
      "Safari on iPhone",
    ])
  })

  it("with only the current session: no 'Sign out everywhere else', but 'This is your only session.'", () => {
    const page = renderSessions(context(), [current])
    expect(forms(page.html)).toEqual([])
    expect(text(page.html)).toContain("This is your only session.")
    expect(text(renderSessions(context(), three).html)).not.toContain("This is your only session.")
  })

  it("allows exactly its form target's origin in form-action, and its one stylesheet by hash, with no script", () => {
    const page = renderSessions(context(), three)
    const csp = cspDirectives(page.headers["Content-Security-Policy"]!)
    expect(csp["form-action"]).toEqual(["'self'", "https://app.example"])
    expect(csp["style-src"]).toEqual([nodeSha256Source(styleContent(page.html)[0]!)])
    expect(Object.keys(csp)).not.toContain("script-src")
    expect(page.headers).toMatchObject({ "Cache-Control": "no-store", "X-Frame-Options": "DENY" })
  })
})

describe("sessions page: escaping (the User-Agent, IP and handle come from the store, first from the client)", () => {
  const allowedTags = new Set(["html", "head", "meta", "title", "style", "body", "main", "div", "h1", "p", "ul", "li", "span", "form", "input", "button", "a"])

  it.each([
    '<script>alert(1)</script>"\'',
    '"><img src=x onerror=alert(1)>',
    "Firefox/1 (Linux) </style><script>alert(1)</script>",
  ])("%j stays inert text", (hostile) => {
    const entries = [current, { ...phone, userAgent: hostile, ip: hostile, id: hostile }]
    const page = renderSessions(context({ csrfToken: hostile }), entries)
    expect(page.html).not.toMatch(/<script|<img/i)
    expect(page.html.match(/<\/style>/g)).toHaveLength(1)
    for (const tag of tags(page.html)) {
      expect(allowedTags, `unexpected <${tag.name}>`).toContain(tag.name)
      for (const name of Object.keys(tag.attributes)) expect(name, `attribute on <${tag.name}>`).not.toMatch(/^on/)
    }
    // What the client sent is shown as text (the recognised name, or the raw header), and posted back unchanged.
    expect(items(page.html)[1]).toContain(`IP address ${hostile}`)
    expect(hidden(forms(page.html)[0]!)).toEqual({ csrfToken: hostile, id: hostile })
  })
})

describe("sessions page: the outcome of a revoke", () => {
  it("says how many other sessions were signed out, in English", () => {
    expect(text(renderSessions(context(), [current], { revoked: 1 }).html)).toContain("Signed out 1 other session.")
    expect(text(renderSessions(context(), [current], { revoked: 2 }).html)).toContain("Signed out 2 other sessions.")
    const page = renderSessions(context(), three, { revoked: 2 })
    expect(page.html).toContain('<div class="notice" role="status"><p>Signed out 2 other sessions.</p></div>')
  })

  it.each([
    [1, "Завершён 1 другой сеанс."],
    [2, "Завершены 2 других сеанса."],
    [5, "Завершено 5 других сеансов."],
    [11, "Завершено 11 других сеансов."],
    [21, "Завершён 21 другой сеанс."],
    [24, "Завершены 24 других сеанса."],
  ])("in Russian, with the plural form of %i", (count, expected) => {
    expect(text(renderSessions(context({ locale: "ru" }), [current], { revoked: count }).html)).toContain(expected)
  })

  it.each([
    [1, "Завершено 1 інший сеанс."],
    [3, "Завершено 3 інші сеанси."],
    [5, "Завершено 5 інших сеансів."],
  ])("in Ukrainian, with the plural form of %i", (count, expected) => {
    expect(text(renderSessions(context({ locale: "uk" }), [current], { revoked: count }).html)).toContain(expected)
  })

  it("says the session was not found, as an alert, in English and Russian", () => {
    const page = renderSessions(context(), three, { notFound: true })
    expect(page.html).toContain('<div class="alert" role="alert"><p>That session was not found.</p></div>')
    expect(text(renderSessions(context({ locale: "ru" }), three, { notFound: true }).html)).toContain("Сеанс не найден.")
  })

  it.each([Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY])("shows no notice for a count of %d", (revoked) => {
    const page = renderSessions(context(), [current], { revoked })
    expect(page.html).not.toContain('class="notice"')
    expect(text(page.html)).not.toMatch(/NaN|Infinity|Signed out/)
  })
})

describe("sessions page: ten languages", () => {
  const english = messagesFor("en").sessions
  const marker = "\u0001"
  // The English words of every message: the fixed texts, and the words around the varying parts of the others.
  const englishWords = [
    english.title, english.heading, english.thisDevice, english.unknownDevice, english.revoke, english.revokeOthers,
    english.onlySession, english.notFound, english.signedOut, english.signIn, english.notRecorded, english.unsupported,
    english.unavailable, english.empty, messagesFor("en").backToSite,
    ...[english.browserOn(marker, marker), english.ipAddress(marker), english.signedIn(marker), english.lastActive(marker),
      english.revoked(2)].flatMap((message) => message.replace(/\d+/g, marker).split(marker)),
  ].map((word) => word.trim()).filter((word) => word.length > 2)

  it.each(supportedLocales.filter((locale) => locale !== "en"))("%s: shows none of the English text", (locale) => {
    const pages = [
      renderSessions(context({ locale }), [...three, { ...phone, id: "x", userAgent: null }], { revoked: 2 }),
      renderSessions(context({ locale }), [current], { notFound: true }),
      renderSessions(context({ locale }), []),
      ...reasons.map((reason) => renderSessions(context({ locale }), [], undefined, { reason, signInUrl })),
    ]
    for (const page of pages) {
      expect(page.html).toContain(`<html lang="${locale}">`)
      const shown = `${/<title>([^<]*)<\/title>/.exec(page.html)![1]} ${text(page.html)}`
      for (const word of englishWords) expect(shown, `${locale}: "${word}"`).not.toContain(word)
    }
  })

  it("the English page shows those words (the comparison above is not vacuous)", () => {
    const page = renderSessions(context(), [...three, { ...phone, id: "x", userAgent: null }], { revoked: 2 })
    const shown = `${/<title>([^<]*)<\/title>/.exec(page.html)![1]} ${text(page.html)}`
    const missing = englishWords.filter((word) => !shown.includes(word))
    // Only the single-session line, the not-found notice and the texts of an empty list are absent from this page.
    expect(missing).toEqual([english.onlySession, english.notFound, english.signedOut, english.signIn, english.notRecorded, english.unsupported, english.unavailable, english.empty])
  })

  it.each(supportedLocales)("%s: every sessions message is written, and the count is in the revoke notice", (locale) => {
    const messages = messagesFor(locale).sessions
    for (const [name, value] of Object.entries(messages)) {
      const shown = typeof value === "function" ? (value as (...args: string[]) => string)("Firefox", "Linux") : value
      expect(shown.trim(), `${locale}: sessions.${name}`).not.toBe("")
    }
    expect(messages.browserOn("Firefox", "Linux")).toMatch(/Firefox[\s\S]*Linux|Linux[\s\S]*Firefox/)
    for (const count of [0, 1, 2, 5, 21]) expect(messages.revoked(count)).toContain(String(count))
  })
})

describe("the way back", () => {
  it("links back to the site in words, not its host name (differences.md), and names a headless Chrome as Chrome", () => {
    const html = renderSessions(context(), [
      { id: "h1", current: true, createdAt: null, lastActiveAt: null, expires: "2030-01-01T00:00:00.000Z", userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36", ip: null },
    ]).html
    expect(html).toContain(`<a class="site" href="${new URL(baseUrl).origin}">Back to the site</a>`)
    expect(text(html)).not.toContain(new URL(baseUrl).host)
    expect(html).toContain("Chrome on Linux")
  })

  it.each(supportedLocales)("%s: the link back is translated, and on every page of the sessions page's cases", (locale) => {
    const words = messagesFor(locale).backToSite
    for (const page of [renderSessions(context({ locale }), [current]), ...reasons.map((reason) => renderSessions(context({ locale }), [], undefined, { reason, signInUrl }))]) {
      expect(page.html).toContain(`<a class="site" href="${new URL(baseUrl).origin}">${words}</a>`)
    }
  })
})

const reasons: SessionsPageReason[] = ["signed-out", "not-recorded", "unsupported", "unavailable"]
const signInUrl = `${baseUrl}/signin?callbackUrl=${encodeURIComponent(`${baseUrl}/sessions`)}`

describe("sessions page: nothing to list, and why (issue 25 item 9)", () => {
  /** The page's text between the heading and the link back. */
  const body = (html: string): string => text(html).replace(/^Your sessions /, "").replace(/ Back to the site$/, "")

  it("signed out: 401, says this device is not signed in, and links to sign in and back here", () => {
    const page = renderSessions(context(), [], undefined, { reason: "signed-out", signInUrl })
    expect(page.status).toBe(401)
    expect(body(page.html)).toBe("You are not signed in on this device, so there are no sessions to show. Sign in to see everywhere you are signed in. Sign in")
    const links = tags(page.html).filter((tag) => tag.name === "a").map((a) => [a.attributes.href, a.attributes.class])
    expect(links).toEqual([[signInUrl, "button button-primary"], [new URL(baseUrl).origin, "site"]])
    expect(forms(page.html)).toEqual([])
  })

  it("a JWT session the registry could not record (session-not-recorded): 200, says the account's sign-ins are not recorded, and how to end one", () => {
    const page = renderSessions(context(), [], undefined, { reason: "not-recorded" })
    expect(page.status).toBe(200)
    expect(body(page.html)).toBe(
      "This site does not record sign-ins to your account (it is managed outside the site), so it cannot list them or sign them out from here. To end a session, sign out on that device.",
    )
    expect(page.html).not.toMatch(/This device|only session|<ul/)
  })

  it("no session registry: 501, says the site keeps no list, not that the user has no sessions", () => {
    const page = renderSessions(context(), [], undefined, { reason: "unsupported" })
    expect(page.status).toBe(501)
    expect(body(page.html)).toBe("This site does not keep a list of your sign-ins, so there are no sessions to show. To end a session, sign out on that device.")
  })

  it("the store could not be reached: 503, as an alert, and to try again", () => {
    const page = renderSessions(context(), [], undefined, { reason: "unavailable" })
    expect(page.status).toBe(503)
    expect(page.html).toContain('<div class="alert" role="alert"><p>Your sessions cannot be shown right now: the site could not reach the store that keeps them. Try again in a moment.</p></div>')
  })

  it("signed in and recorded, yet nothing listed (ended meanwhile): says even this device's session was not found, never a bare heading", () => {
    const page = renderSessions(context(), [])
    expect(page.status).toBe(200)
    expect(body(page.html)).toBe("No sessions were found, not even the one on this device: it may have ended just now. Reload the page to check.")
  })

  it("a single session that is not this device's is not called 'your only session'", () => {
    const page = renderSessions(context(), [phone])
    expect(text(page.html)).not.toContain("This is your only session.")
    expect(forms(page.html)).toHaveLength(1)
  })

  it.each(supportedLocales)("%s: each case has its own text", (locale) => {
    const shown = [...reasons.map((reason) => renderSessions(context({ locale }), [], undefined, { reason, signInUrl })), renderSessions(context({ locale }), [])].map(
      (page) => text(page.html),
    )
    expect(new Set(shown).size).toBe(shown.length)
    const messages = messagesFor(locale).sessions
    for (const message of [messages.signedOut, messages.notRecorded, messages.unsupported, messages.unavailable, messages.empty]) {
      expect(shown.some((page) => page.includes(message.replace(/\s+/g, " "))), `${locale}: ${message}`).toBe(true)
    }
  })
})
