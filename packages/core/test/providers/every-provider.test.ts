/**
 * Issue 14: every provider signs a user in against a loopback stand-in of its real server (stand-in/harness.ts), each
 * described in `stand-in/specs/<id>.ts` from the provider's public documentation: the authorization URL and its
 * parameters, the token request and its client authentication, the profile requests, and the user and account that
 * come out.
 */
import { describe, expect, it } from "vitest"
import { signInThroughStandIn } from "./stand-in/harness.js"
import type { StandIn } from "./stand-in/spec.js"

const modules = import.meta.glob<{ default: StandIn | StandIn[] }>("./stand-in/specs/*.ts", { eager: true })
const specs = Object.values(modules).flatMap((module) => (Array.isArray(module.default) ? module.default : [module.default]))

describe("every provider against its stand-in", () => {
  it("has stand-ins", () => {
    expect(specs.length).toBeGreaterThan(0)
  })

  it.each(specs.map((spec) => [spec.name, spec] as const))("%s: authorization URL, token request, profile → user and account", async (_name, spec) => {
    await signInThroughStandIn(spec)
  })
})
