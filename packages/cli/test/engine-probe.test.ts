/**
 * What `doctor` learns from the engine (`probeEngine`), in-process: the real engine from the workspace sources, and a
 * stand-in for an engine whose logger calls `error(code, error)` (the signature before Auth.js v5's `error(error)`).
 */
import { Auth } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import GitHub from "@gatehousejs/core/providers/github"
import Keycloak from "@gatehousejs/core/providers/keycloak"
import { describe, expect, it } from "vitest"
import { probeEngine } from "../src/engine-probe.js"

const origin = "https://app.example.com"

describe("probeEngine", () => {
  it("lists each provider with the engine's callback URL, with no problem for a complete configuration", async () => {
    const config = { secret: "s".repeat(44), trustHost: true, providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Credentials({ authorize: async () => null })] }
    const findings = await probeEngine({ Auth }, config, { origin, basePath: "/api/auth" })
    expect(findings.problems).toEqual([])
    expect(findings.placeholders).toBe(false)
    expect(findings.providers?.map((p) => [p.id, p.type, p.callbackUrl])).toEqual([
      ["github", "oauth", "https://app.example.com/api/auth/callback/github"],
      ["credentials", "credentials", "https://app.example.com/api/auth/callback/credentials"],
    ])
  })

  it("a provider without its credentials is reported, and listed with its callback URL (the engine still answers)", async () => {
    const before = { ...process.env }
    delete process.env.AUTH_GITHUB_ID
    delete process.env.AUTH_GITHUB_SECRET
    try {
      const findings = await probeEngine({ Auth }, { secret: "s".repeat(44), trustHost: true, providers: [GitHub] }, { origin, basePath: "/auth" })
      expect(findings.problems).toEqual([
        {
          type: "InvalidProvider",
          message: expect.stringContaining("set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET"),
          code: "MissingCredentials",
          variables: ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
        },
      ])
      expect(findings.placeholders).toBe(false)
      expect(findings.providers?.[0]?.callbackUrl).toBe("https://app.example.com/auth/callback/github")
    } finally {
      process.env = before
    }
  })

  it("a configuration error of the whole app (an issuer missing) is reported, then the providers are listed with placeholders, leaving process.env as it was", async () => {
    const before = { ...process.env }
    for (const name of ["AUTH_KEYCLOAK_ID", "AUTH_KEYCLOAK_SECRET", "AUTH_KEYCLOAK_ISSUER"]) delete process.env[name]
    try {
      const findings = await probeEngine({ Auth }, { secret: "s".repeat(44), trustHost: true, providers: [Keycloak] }, { origin, basePath: "/auth" })
      expect(findings.problems).toContainEqual({
        type: "InvalidEndpoints",
        message: expect.stringContaining("AUTH_KEYCLOAK_ISSUER"),
        code: "MissingIssuer",
        variables: ["AUTH_KEYCLOAK_ISSUER"],
      })
      expect(findings.placeholders).toBe(true)
      expect(findings.providers?.[0]?.callbackUrl).toBe("https://app.example.com/auth/callback/keycloak")
      expect(process.env.AUTH_KEYCLOAK_ISSUER).toBeUndefined()
      expect(process.env.AUTH_KEYCLOAK_ID).toBeUndefined()
    } finally {
      process.env = before
    }
  })

  it("takes the first Error among the logger's arguments: error(code, error) is read as error(error)", async () => {
    const problem = Object.assign(new Error("two problems"), { cause: { problems: [{ type: "MissingSecret", message: "Set AUTH_SECRET." }] } })
    const olderEngine = {
      Auth: async (_request: Request, config: object): Promise<Response> => {
        const { logger } = config as { logger: { error: (...args: unknown[]) => void; warn: (code: string) => void } }
        logger.error("CONFIGURATION", problem)
        logger.error("CALLBACK", new TypeError("a plain error"))
        logger.warn("checks-disabled")
        return new Response("{}", { status: 500 })
      },
    }
    const findings = await probeEngine(olderEngine, { providers: [] }, { origin, basePath: "/auth" })
    expect(findings.problems).toEqual([
      { type: "MissingSecret", message: "Set AUTH_SECRET." },
      { type: "TypeError", message: "a plain error" },
    ])
    expect(findings.warnings).toEqual([{ code: "checks-disabled", message: undefined }])
    expect(findings.providers).toBeUndefined()
  })

  it("an engine that answers an error without logging why is itself a finding", async () => {
    const silent = { Auth: async (): Promise<Response> => new Response("no", { status: 404 }) }
    const findings = await probeEngine(silent, { providers: [] }, { origin, basePath: "/auth" })
    expect(findings.problems).toEqual([{ type: "Error", message: "the engine answered 404 to GET https://app.example.com/auth/providers, without logging why." }])
  })
})
