/**
 * A new `AUTH_SECRET`, and adding it to an env file without ever replacing one silently.
 */
import { randomBytes } from "node:crypto"
import { closeSync, constants, existsSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs"

/**
 * 33 random bytes, base64: 264 bits (Auth.js asks for at least 32 bytes), and a multiple of 3 so the value has no
 * `=` padding to trip over in shells and env files.
 */
export function generateSecret(): string {
  return randomBytes(33).toString("base64")
}

/** Files `--write` picks when none is named: the first that exists, else the first one, created. */
export const DEFAULT_ENV_FILES = [".env.local", ".env"] as const

export function defaultEnvFile(exists: (path: string) => boolean = existsSync): string {
  return DEFAULT_ENV_FILES.find((file) => exists(file)) ?? DEFAULT_ENV_FILES[0]
}

/** What `writeSecret` did, for the message. */
export type WriteOutcome =
  | { kind: "created" }
  | { kind: "appended"; readableByOthers: boolean }
  | { kind: "replaced"; readableByOthers: boolean }

export class SecretExistsError extends Error {
  constructor(readonly file: string) {
    super(`${file} already sets AUTH_SECRET`)
    this.name = "SecretExistsError"
  }
}

/** An `AUTH_SECRET=` line, with its line break; `export AUTH_SECRET=` too (shell-style env files). */
function assignments(): RegExp {
  return /^([ \t]*(?:export[ \t]+)?)AUTH_SECRET[ \t]*=.*(?:\n|$)/gm
}

/**
 * Adds `AUTH_SECRET="<secret>"` to `file`. A new file is created with mode 0600 (the secret is readable by its owner
 * only); an existing file keeps its mode. A file that already sets AUTH_SECRET is refused unless `replace` is true:
 * a new secret signs every user out, which must never happen by accident.
 */
export function writeSecret(file: string, secret: string, options: { replace: boolean }): WriteOutcome {
  const line = `AUTH_SECRET="${secret}"`
  let current: string
  try {
    current = readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    // O_EXCL: never truncate a file that appeared since the read.
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
    try {
      writeFileSync(fd, `# Added by npx gatehousejs secret\n${line}\n`)
    } finally {
      closeSync(fd)
    }
    return { kind: "created" }
  }

  const readableByOthers = (statSync(file).mode & 0o077) !== 0
  if (assignments().test(current)) {
    if (!options.replace) throw new SecretExistsError(file)
    let first = true
    // Every assignment goes: with two left, the old one could still win, depending on the loader.
    const next = current.replace(assignments(), (_match, prefix: string) => {
      const replacement = first ? `${prefix}${line}\n` : ""
      first = false
      return replacement
    })
    writeFileSync(file, next)
    return { kind: "replaced", readableByOthers }
  }
  const separator = current === "" || current.endsWith("\n") ? "" : "\n"
  writeFileSync(file, `${current}${separator}# Added by npx gatehousejs secret\n${line}\n`)
  return { kind: "appended", readableByOthers }
}
