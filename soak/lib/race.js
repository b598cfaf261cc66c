/**
 * Phase (d): concurrent session updates racing a sign-out, database strategy with `updateAge: 0` (so every update
 * also writes the session's new expiry: the write that could resurrect a deleted row). Per round: a session is
 * written, the browser fetches its CSRF token, then `RACE_UPDATES` parallel `POST /session` updates and one
 * `POST /signout` (at a random position) go out together with the same cookies. After they all answered: the old
 * cookie must give `null`, and the store must no longer hold the session.
 */
import { SESSION_COOKIE, Browser, clearsCookie, looksLikeStack, request } from "./http.js"
import { RACE_ROUNDS, RACE_UPDATES } from "./settings.js"

export async function updateSignOutRace(origin, store) {
  const instance = `${store}-race`
  const base = `/${instance}/auth`
  const totals = { rounds: 0, updates: 0, updateStatuses: {}, signOuts: 0, resurrected: 0, rowsLeft: 0, stackTraces: 0, reissuedAfterSignOut: 0 }
  for (let round = 0; round < RACE_ROUNDS; round++) {
    const seeded = JSON.parse((await request(origin, "POST", `/__soak/${instance}/seed`)).body)
    const browser = new Browser(origin)
    browser.jar.cookies.set(SESSION_COOKIE, seeded.sessionToken)
    const csrfToken = await browser.csrfToken(base)
    const cookie = browser.jar.header()
    const signOutAt = Math.floor(Math.random() * (RACE_UPDATES + 1))
    const calls = []
    for (let i = 0; i <= RACE_UPDATES; i++) {
      if (i === signOutAt) calls.push(request(origin, "POST", `${base}/signout`, { cookie, body: { csrfToken, callbackUrl: `${origin}/` } }).then((a) => ({ kind: "signout", a })))
      else calls.push(request(origin, "POST", `${base}/session`, { cookie, json: { csrfToken, data: { update: i } } }).then((a) => ({ kind: "update", a })))
    }
    const answers = await Promise.all(calls)
    for (const { kind, a } of answers) {
      if (looksLikeStack(a.body)) totals.stackTraces++
      if (kind === "signout") {
        if (a.status === 302 && clearsCookie(a, SESSION_COOKIE)) totals.signOuts++
        continue
      }
      totals.updates++
      totals.updateStatuses[a.status] = (totals.updateStatuses[a.status] ?? 0) + 1
    }
    const after = await request(origin, "GET", `${base}/session`, { cookie: `${SESSION_COOKIE}=${seeded.sessionToken}` })
    if (!(after.status === 200 && after.body === "null")) totals.resurrected++
    const row = JSON.parse((await request(origin, "GET", `/__soak/${instance}/row?token=${seeded.sessionToken}`)).body)
    if (row.exists) totals.rowsLeft++
    totals.rounds++
  }
  return { store, ...totals }
}
