/**
 * The app's TypeScript path aliases (`compilerOptions.paths` of `tsconfig.json`, relative to `baseUrl` or the file),
 * as jiti aliases, so that an `auth.ts` importing `@/lib/users` — as a Next.js app does — loads in `doctor`. Only
 * the common forms: `"@/*": ["./src/*"]` and exact keys; the first target wins. A missing or unreadable tsconfig
 * gives no aliases (the import error then names the module).
 */
import { readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

export function tsconfigAliases(cwd: string): Record<string, string> {
  const file = join(cwd, "tsconfig.json")
  let options: { baseUrl?: unknown; paths?: unknown }
  try {
    options = (JSON.parse(stripJsonComments(readFileSync(file, "utf8"))) as { compilerOptions?: typeof options }).compilerOptions ?? {}
  } catch {
    return {}
  }
  if (!options.paths || typeof options.paths !== "object") return {}
  const base = resolve(dirname(file), typeof options.baseUrl === "string" ? options.baseUrl : ".")
  const aliases: Record<string, string> = {}
  for (const [key, targets] of Object.entries(options.paths as Record<string, unknown>)) {
    const target = Array.isArray(targets) && typeof targets[0] === "string" ? targets[0] : undefined
    if (!target) continue
    if (key.endsWith("/*") && target.endsWith("/*")) aliases[key.slice(0, -1)] = `${resolve(base, target.slice(0, -1))}/`
    else if (!key.includes("*") && !target.includes("*")) aliases[key] = resolve(base, target)
  }
  return aliases
}

/** tsconfig.json allows comments and trailing commas; JSON.parse does not. Strings are left alone. */
function stripJsonComments(text: string): string {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') {
      const end = closingQuote(text, i)
      out += text.slice(i, end + 1)
      i = end
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++
      out += "\n"
    } else if (c === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2)
      if (i === -1) break
      i++
    } else out += c
  }
  return out.replace(/,(\s*[}\]])/g, "$1")
}

function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++
    else if (text[i] === '"') return i
  }
  return text.length - 1
}
