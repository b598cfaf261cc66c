/**
 * `node:crypto` where the runtime has it (Node, Bun, Deno with Node compatibility), `undefined` elsewhere (edge
 * runtimes, browsers). Loaded through `process.getBuiltinModule` so that no bundler sees a static `node:` import and
 * the edge build stays clean; callers fall back to Web Crypto / `jose` when it is absent.
 */
type NodeCrypto = typeof import("node:crypto")

interface ProcessWithBuiltins {
  getBuiltinModule?: (id: string) => unknown
}

function load(): NodeCrypto | undefined {
  const proc = (globalThis as { process?: ProcessWithBuiltins }).process
  try {
    return proc?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined
  } catch {
    return undefined
  }
}

/** The synchronous crypto fast path, or `undefined` when the runtime has none. */
export const nodeCrypto: NodeCrypto | undefined = load()
