/**
 * What this process has already said. Next.js loads the engine once per bundle (proxy, route handlers, pages) into one
 * process, so a module-level flag says each warning once per bundle; this registry hangs on `globalThis` under a
 * registry symbol, which every copy of the package shares.
 */
interface Said {
  byLogger: WeakMap<object, Set<string>>
  /** Stands for the default (console) logger, which has no object of the app's. */
  defaultLogger: object
}

const key = Symbol.for("gatehousejs.said-once")

function registry(): Said {
  const holder = globalThis as { [key]?: Said }
  return (holder[key] ??= { byLogger: new WeakMap(), defaultLogger: {} })
}

/**
 * True the first time `what` is said through `logger` (the app's `logger` option; `undefined` for the default one) in
 * this process; false after.
 */
export function firstTime(logger: object | undefined, what: string): boolean {
  const said = registry()
  const owner = logger ?? said.defaultLogger
  const seen = said.byLogger.get(owner) ?? new Set<string>()
  said.byLogger.set(owner, seen)
  if (seen.has(what)) return false
  seen.add(what)
  return true
}
