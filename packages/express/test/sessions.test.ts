/**
 * The session registry from Express routes, on Express 4 and 5 (docs/sessions.md): `listSessions(req)`,
 * `revokeOtherSessions(req)`, `revokeSession(req, id)` and `revokeUserSessions(userId)` without a request, over JWT
 * sessions recorded in a SQLite session store; `GET /auth/sessions` answers through the mounted handlers.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ExpressAuth } from "@gatehousejs/express"
import { SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import type { Express } from "express"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { alice, Browser, expressVersions, startApp, testConfig, type RunningApp } from "./helpers/server.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-express-sr-"))
const store = SqliteSessionStore({ filename: join(dir, "sessions.sqlite") })
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors ?? []).toEqual([])
    app = undefined
  })

  it("lists this user's sessions, revokes one and the others, and an admin call ends the rest", async () => {
    const auth = ExpressAuth(testConfig({ sessionStore: store }))
    const running = (app = await startApp(express, (server: Express) => {
      server.use("/auth", auth.handlers)
      server.get("/account/sessions", async (req, res) => void res.json(await auth.listSessions(req)))
      server.post("/account/sign-out-others", async (req, res) => void res.json(await auth.revokeOtherSessions(req)))
      server.post("/account/revoke/:id", async (req, res) => void res.json(await auth.revokeSession(req, req.params.id!)))
    }))
    const browsers = [new Browser(running.url), new Browser(running.url), new Browser(running.url)]
    for (const browser of browsers) expect((await browser.signIn()).status).toBe(302)

    const listed = (await (await browsers[0]!.get("/account/sessions")).json()) as { id: string; current: boolean }[]
    expect(listed).toHaveLength(3)
    expect(listed.filter((s) => s.current)).toHaveLength(1)
    expect(await (await browsers[0]!.get("/auth/sessions", { accept: "application/json" })).json()).toEqual(listed)

    const third = listed.find((s) => !s.current)!
    expect(await (await browsers[0]!.post(`/account/revoke/${third.id}`, {})).json()).toBe(true)
    expect(await (await browsers[0]!.post(`/account/revoke/${third.id}`, {})).json()).toBe(false)
    expect(await (await browsers[0]!.post("/account/sign-out-others", {})).json()).toBe(1)
    const remaining = (await (await browsers[0]!.get("/auth/session")).json()) as { user: { email: string } } | null
    expect(remaining?.user.email).toBe(alice.email)
    for (const browser of browsers.slice(1)) expect(await (await browser.get("/auth/session")).json()).toBeNull()

    expect(await auth.revokeUserSessions(alice.id)).toBe(1)
    expect(await (await browsers[0]!.get("/auth/session")).json()).toBeNull()
    expect(await (await new Browser(running.url).get("/account/sessions")).json()).toBeNull()
  })
})
