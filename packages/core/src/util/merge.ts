/**
 * Deep merge for provider options: plain objects merge recursively, everything else (arrays, functions, class
 * instances, primitives) from `source` replaces `target`. `undefined` in `source` is ignored.
 *
 * Arrays replace rather than merge index-wise: `checks: ["state"]` over a default `["pkce"]` must mean state only
 * (docs/design.md#checks-as-configured); Auth.js's index-wise merge turns it into `["state"]` by luck and `scope` lists
 * into nonsense.
 */
export function merge<T>(target: T, ...sources: unknown[]): T {
  let out: unknown = target
  for (const source of sources) out = mergeTwo(out, source)
  return out as T
}

function isPlainObject(value: unknown): value is Record<string | symbol, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

function mergeTwo(target: unknown, source: unknown): unknown {
  if (source === undefined) return target
  if (!isPlainObject(source) || !isPlainObject(target)) return source
  const out: Record<string | symbol, unknown> = { ...target }
  for (const key of Reflect.ownKeys(source)) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") continue
    out[key] = mergeTwo(target[key], source[key])
  }
  return out
}
