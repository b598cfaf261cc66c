/**
 * One rule in every framework package, because each reaches the engine through core's `frameworkEngine()`: a lazy
 * configuration that throws is answered with Auth.js's generic 500, and the log names the error's type — never its
 * message, which may hold a secret. Each row drives the package's own handler in-process (Express and Qwik City over a
 * loopback socket). SolidStart has no lazy form (`SolidAuth(config)` takes an object), so it has no row.
 */
// Each first, as in its package's tests: SvelteKit's virtual modules mocked, Qwik City's runtime loaded.
import "../../../sveltekit/test/helpers/sveltekit-modules.js"
import "../../../qwik/test/helpers/qwik-runtime.js"
import type { AddressInfo } from "node:net"
import { ExpressAuth } from "@gatehousejs/express"
import { authHandler, initAuthConfig } from "@gatehousejs/hono"
import { NextAuth } from "@gatehousejs/next"
import { QwikAuth$ } from "@gatehousejs/qwik"
import { SvelteKitAuth } from "@gatehousejs/sveltekit"
import express from "express"
import { Hono } from "hono"
import { NextRequest } from "next/server.js"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startApp as startQwikApp } from "../../../qwik/test/helpers/app.js"
import { createApp as createSvelteKitApp } from "../../../sveltekit/test/helpers/server.js"

const FAKE_SECRET = "postgres://tenants:s3cr3t-hunter2@vault.internal/db"
const GENERIC_500 = { message: "There was a problem with the server configuration. Check the server logs for more information." }
const LOG_LINE = "[gatehouse][error] The lazy configuration function threw Error; no request can be answered."

function throwing(): never {
  throw new Error(`cannot reach ${FAKE_SECRET}`)
}

/** `GET <path>` answered by each framework's handler, with a configuration function that throws. */
const frameworks: [string, () => Promise<Response>][] = [
  [
    "Express (ExpressAuth mounted at /auth)",
    async () => {
      const app = express()
      app.use("/auth", ExpressAuth(throwing))
      const server = app.listen(0, "127.0.0.1")
      await new Promise((resolve) => server.once("listening", resolve))
      try {
        const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/session`)
        return new Response(await response.text(), response)
      } finally {
        server.close()
      }
    },
  ],
  [
    "Hono (initAuthConfig + authHandler)",
    async () => {
      const app = new Hono()
      app.use("*", initAuthConfig(throwing))
      app.use("/api/auth/*", authHandler())
      return app.fetch(new Request("http://localhost/api/auth/session"))
    },
  ],
  [
    "SvelteKit (handle)",
    async () => {
      const app = createSvelteKitApp(SvelteKitAuth(async () => throwing()).handle)
      return app.send(new Request(`${app.origin}/auth/session`))
    },
  ],
  ["Next.js (route handlers)", () => NextAuth(throwing).handlers.GET(new NextRequest("http://localhost/api/auth/session"))],
  [
    "Qwik City (onRequest)",
    async () => {
      const app = await startQwikApp(QwikAuth$(() => throwing()))
      try {
        const response = await fetch(`${app.origin}/auth/session`)
        return new Response(await response.text(), response)
      } finally {
        await app.close()
      }
    },
  ],
]

afterEach(() => vi.restoreAllMocks())

describe("a lazy configuration that throws an error holding a secret", () => {
  it.each(frameworks)("%s: the generic 500; the log line names the error's type only", async (_, get) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const response = await get()
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual(GENERIC_500)
    expect(log).toHaveBeenCalledWith(LOG_LINE)
    const text = log.mock.calls.map((call) => call.map((value) => (value instanceof Error ? `${value.message}\n${value.stack}` : String(value))).join(" ")).join("\n")
    expect(text).not.toContain("s3cr3t")
  })
})
