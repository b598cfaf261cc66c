/**
 * Phase (e), EC-11: an unknown user and a wrong password must not be told apart — same status, same `Location`, same
 * cookie names, and no timing gap that Gatehouse adds. The app's `authorize` does the same scrypt work in both cases
 * (a dummy hash for unknown users, as an app should), so a gap here would be Gatehouse's. `TIMING_SAMPLES` sign-ins of
 * each kind, interleaved; the medians must differ by less than 20% (catalog EC-11).
 */
import { Browser, request, setCookies } from "./http.js"
import { SOAK_USER, TIMING_SAMPLES } from "./settings.js"
import { percentile } from "./stats.js"

export async function credentialsTiming(origin) {
  const browser = new Browser(origin)
  const csrfToken = await browser.csrfToken("/jwt/auth")
  const cookie = browser.jar.header()
  const attempt = (username) =>
    request(origin, "POST", "/jwt/auth/callback/credentials", { cookie, body: { csrfToken, username, password: "a wrong password" } })
  const shape = (a) => `${a.status} ${a.headers.location} ${setCookies(a).map((line) => line.split("=")[0]).sort().join(",")}`
  const times = { unknown: [], wrong: [] }
  const shapes = new Set()
  for (let i = 0; i < TIMING_SAMPLES; i++) {
    for (const [kind, username] of i % 2 ? [["unknown", "nobody"], ["wrong", SOAK_USER.username]] : [["wrong", SOAK_USER.username], ["unknown", "nobody"]]) {
      const answer = await attempt(username)
      times[kind].push(answer.ms)
      shapes.add(shape(answer))
    }
  }
  const unknown = percentile(times.unknown, 50)
  const wrong = percentile(times.wrong, 50)
  return { samples: TIMING_SAMPLES, unknown, wrong, gap: Math.abs(unknown - wrong) / Math.min(unknown, wrong), shapes: [...shapes] }
}
