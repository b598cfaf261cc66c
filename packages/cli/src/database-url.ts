/**
 * Which store a database URL names, and the URL as it may be shown: with its password masked, always.
 */
import { isAbsolute, resolve } from "node:path"
import { fileURLToPath } from "node:url"

export type Database =
  | { kind: "postgres"; url: string }
  | { kind: "sqlite"; file: string }
  | { kind: "redis" }
  | { kind: "unknown" }

const sqliteExtension = /\.(sqlite3?|db)$/i

/**
 * `postgres://` / `postgresql://` → PostgreSQL; `file:<path>` or a path ending `.sqlite`, `.sqlite3` or `.db` → SQLite
 * (relative to `cwd`); `redis://` / `rediss://` → Redis.
 */
export function classifyDatabase(value: string, cwd: string): Database {
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: "postgres", url: value }
  if (/^rediss?:\/\//i.test(value)) return { kind: "redis" }
  if (/^file:/i.test(value)) {
    // file:///abs/path is a URL; file:./app.db and file:app.db (Prisma's form) are paths.
    const path = /^file:\/\//i.test(value) ? fileURLToPath(value) : value.slice("file:".length)
    return path ? { kind: "sqlite", file: absolute(path, cwd) } : { kind: "unknown" }
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && sqliteExtension.test(value)) return { kind: "sqlite", file: absolute(value, cwd) }
  return { kind: "unknown" }
}

function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path)
}

/**
 * `postgres://app:****@db.example.com/app`: the password replaced by `****`, also in a `password=` parameter. The
 * user-info runs to the last `@`, so an unescaped `@` or `/` in a password is masked too (at worst, more is hidden).
 */
export function maskUrl(value: string): string {
  return value
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)(.*)@/i, (_match, scheme: string, userInfo: string) => {
      const colon = userInfo.indexOf(":")
      return colon === -1 ? `${scheme}${userInfo}@` : `${scheme}${userInfo.slice(0, colon)}:****@`
    })
    .replace(/(password=)[^&\s]*/gi, "$1****")
}
