/**
 * The app's env files, read as Next.js reads them: `.env.local`, then `.env`, from the working directory. A variable
 * already in the environment wins over both, and `.env.local` wins over `.env`, so `migrate` and `doctor` see the
 * values the app sees when it starts.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseEnv } from "node:util"

export const ENV_FILES = [".env.local", ".env"] as const

/** The files that were read, in the order given. */
export interface LoadedEnv {
  files: string[]
}

/**
 * Adds the variables of `ENV_FILES` in `directory` to `env` (by default `process.env`) where `env` does not set them.
 * A missing file is skipped; an unreadable one is an error naming it.
 */
export function loadEnvFiles(directory: string, env: NodeJS.ProcessEnv = process.env): LoadedEnv {
  const files: string[] = []
  for (const name of ENV_FILES) {
    let text: string
    try {
      text = readFileSync(join(directory, name), "utf8")
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === "ENOENT") continue
      throw new Error(`could not read ${name}: ${code ?? (error as Error).message}`)
    }
    files.push(name)
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (env[key] === undefined && value !== undefined) env[key] = value
    }
  }
  return { files }
}
