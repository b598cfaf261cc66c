// TR-01 (contract/token-refresh.ts): two processes on one store racing for one account's refresh, and the body of each.
import { fork } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Adapter } from "@gatehousejs/core"
import { expect, it } from "vitest"
import { complete, newAccount, newUser } from "../context.js"
import { randomUUID } from "../fixtures.js"
import { hasTokenRefresh, inSeconds, LONG_LEASE_MS } from "./token-refresh.js"

export interface TokenRefreshProcessOptions {
  /** The adapter of the test process (called once the test file's set-up has run). */
  adapter: () => Adapter
  /**
   * A module that runs one of the two processes: `runTokenRefreshChild(adapter, ready, close)` with an adapter on the
   * same store, built from `childEnv()`. Run through core's Vite boot file, so it may be TypeScript.
   */
  child: string
  /** What the child needs to reach the same store (a URL, a schema, a prefix, a file). */
  childEnv: () => Record<string, string>
}

/** How each TR-01 child races: claims of the refresh, or finishes rotating the refresh token. */
type Race = "claimTokenRefresh" | "finishTokenRefresh"
const RACES: readonly Race[] = ["claimTokenRefresh", "finishTokenRefresh"]
/** A child's answer: how many of its calls were true, and the refresh token its winning finish wrote. */
interface ChildResult {
  won: number
  written: string[]
}

const CALLS_PER_PROCESS = 25
const boot = fileURLToPath(new URL("../../../core/test/security/rt-10-boot.mjs", import.meta.url))

/** Registers TR-01 in the current `describe`: two processes on one store, one account, exactly one winner. */
export function tokenRefreshProcessContract(options: TokenRefreshProcessOptions): void {
  it.for(RACES)(
    `TR-01 two processes on one store, ${CALLS_PER_PROCESS} concurrent %s calls each for one account: exactly one is true in total`,
    { timeout: 30_000 },
    async (race, context) => {
      if (!hasTokenRefresh(options.adapter())) context.skip("the adapter has no token-refresh methods")
      const adapter = complete(options.adapter(), "TR-01")
      const user = await newUser(adapter)
      const account = await newAccount(adapter, user.id)
      const env = {
        ...process.env,
        ...options.childEnv(),
        TR_RACE: race,
        TR_CALLS: String(CALLS_PER_PROCESS),
        TR_PROVIDER: account.provider,
        TR_PROVIDER_ACCOUNT_ID: account.providerAccountId,
        TR_REFRESH_TOKEN: account.refresh_token!,
      }
      const children = [0, 1].map(() => fork(boot, [options.child], { stdio: ["ignore", "inherit", "inherit", "ipc"], env }))
      try {
        const ready = children.map(
          (child) =>
            new Promise((resolve, reject) => {
              child.once("message", resolve)
              child.once("exit", (code) => reject(new Error(`a TR-01 child exited before it was ready (code ${code})`)))
            }),
        )
        await Promise.all(ready)
        const results = children.map((child) => new Promise<ChildResult>((resolve) => child.once("message", (m) => resolve(m as ChildResult))))
        for (const child of children) child.send("go")
        const [first, second] = await Promise.all(results)
        expect(first!.won + second!.won, `${race} calls that returned true, in both processes`).toBe(1)

        const found = await adapter.getAccountForRefresh(user.id, account.provider)
        if (race === "claimTokenRefresh") {
          expect(found?.refreshLeaseUntil?.getTime(), "the winner's lease").toBeGreaterThan(Date.now())
        } else {
          expect([...first!.written, ...second!.written], "the refresh token the winner wrote").toEqual([found?.refresh_token])
        }
      } finally {
        for (const child of children) if (child.connected) child.disconnect()
      }
    },
  )
}

/**
 * The body of a TR-01 child process: once `ready` resolves (connected, migrated), tells the parent; on `go`, makes
 * TR_CALLS concurrent TR_RACE calls for the account TR_PROVIDER / TR_PROVIDER_ACCOUNT_ID on its refresh token
 * TR_REFRESH_TOKEN (a finish rotates it to a token of its own), closes, and answers how many returned true.
 */
export async function runTokenRefreshChild(adapter: Adapter, ready: () => unknown, close: () => unknown): Promise<void> {
  const env = process.env
  const store = complete(adapter, "TR-01 child")
  const key = { provider: env.TR_PROVIDER!, providerAccountId: env.TR_PROVIDER_ACCOUNT_ID! }
  const refreshToken = env.TR_REFRESH_TOKEN!
  const written: string[] = []
  const attempt = async (): Promise<boolean> => {
    if (env.TR_RACE === "claimTokenRefresh") return await store.claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)
    const tokens = { access_token: randomUUID(), refresh_token: randomUUID(), expires_at: inSeconds(3600) }
    const won = await store.finishTokenRefresh(key, refreshToken, { tokens })
    if (won) written.push(tokens.refresh_token)
    return won
  }
  process.once("message", async () => {
    const results = await Promise.all(Array.from({ length: Number(env.TR_CALLS) }, attempt))
    await close()
    const answer: ChildResult = { won: results.filter(Boolean).length, written }
    process.send!(answer)
  })
  await ready()
  process.send!({ ready: true })
}
