// The second process of the session-store contract's two-process test (session-store.ts): the options that reach it,
// starting it, asking it, and its body.
import { fork, type ChildProcess } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { SessionStore } from "@gatehousejs/core"

export interface SessionStoreContractOptions {
  /** The store under test (called once the suite's set-up has run, e.g. after `migrate()`). */
  store: () => SessionStore
  /**
   * A module that runs the second process: `runSessionStoreChild(store, ready, close)` with its own store built from
   * `childEnv()`. Run through core's Vite boot file, so it may be TypeScript.
   */
  child: string
  /** What the child needs to reach the same store (a URL, a schema, a prefix, a file). */
  childEnv: () => Record<string, string>
}

/** The store methods the child process answers for the parent. */
type ChildCall = "getSession" | "listSessions" | "deleteSession" | "deleteUserSessions"

const boot = fileURLToPath(new URL("../../core/test/security/rt-10-boot.mjs", import.meta.url))

/** Forks the store's child module and waits until it has connected. Structured clone keeps `Date`s as `Date`s. */
export async function startChild(options: SessionStoreContractOptions): Promise<ChildProcess> {
  const child = fork(boot, [options.child], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced",
    env: { ...process.env, ...options.childEnv() },
  })
  await new Promise((resolve, reject) => {
    child.once("message", resolve)
    child.once("exit", (code) => reject(new Error(`the session-store child exited before it was ready (code ${code})`)))
  })
  return child
}

/** Calls `method` in the child and resolves with its result (or rejects with its error message). */
export function ask(child: ChildProcess, method: ChildCall | "close", ...args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    child.once("message", (reply) => {
      const { result, error } = reply as { result?: unknown; error?: string }
      if (error !== undefined) reject(new Error(`child ${method}: ${error}`))
      else resolve(result)
    })
    child.send({ method, args })
  })
}

/**
 * The body of the child process of the two-process test: once `ready` resolves (connected), tells the parent; then
 * answers each `{ method, args }` with the store's result, one at a time, until `close`.
 */
export async function runSessionStoreChild(store: SessionStore, ready: () => Promise<unknown>, close: () => unknown): Promise<void> {
  process.on("message", async (message) => {
    const { method, args } = message as { method: ChildCall | "close"; args: string[] }
    try {
      if (method === "close") {
        await close()
        process.send!({ result: null })
        return
      }
      const call = store[method] as (...a: string[]) => Promise<unknown>
      process.send!({ result: await call.apply(store, args) })
    } catch (error) {
      process.send!({ error: error instanceof Error ? error.message : String(error) })
    }
  })
  await ready()
  process.send!({ ready: true })
}
