/**
 * Where `doctor` says the routes are, and how it knows (issue 25 item 8): from `--url` or `AUTH_URL`; else from the
 * project — the port of the dev script (`next dev -p 4000`, `vite dev --port 5174`), `PORT` — on localhost; else the
 * framework's default port, said to be assumed. The base path: `--base-path`, the configuration's, `AUTH_URL`'s path,
 * else the framework package's default (`/api/auth` in Next.js, `/auth` elsewhere).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

export interface ProjectOrigin {
  origin: string
  /** Where the origin came from, for the report's heading: `AUTH_URL`, `the dev script's -p 4000`, `assumed: …`. */
  source: string
  /** True when nothing in the project named the port. */
  assumed: boolean
}

interface Manifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  scripts?: Record<string, string>
}

type Framework = "next" | "vite" | "vinxi" | "node"

export function projectOrigin(cwd: string, env: NodeJS.ProcessEnv, url: URL | undefined, urlName: string): ProjectOrigin {
  if (url) return { origin: url.origin, source: urlName, assumed: false }
  const manifest = readManifest(cwd)
  const framework = frameworkOf(manifest)
  const script = manifest.scripts?.dev ?? manifest.scripts?.start
  const fromScript = script ? portIn(script) : undefined
  if (fromScript) return { origin: `http://localhost:${fromScript}`, source: `port from the dev script: ${script}`, assumed: false }
  // `next dev`, `vinxi dev` and a Node server read PORT; Vite does not.
  if (env.PORT && /^\d{2,5}$/.test(env.PORT) && framework !== "vite") return { origin: `http://localhost:${env.PORT}`, source: "PORT", assumed: false }
  const port = framework === "vite" ? 5173 : 3000
  const why = framework === "next" ? "next dev's" : framework === "vite" ? "Vite's" : framework === "vinxi" ? "vinxi's" : "the usual"
  return { origin: `http://localhost:${port}`, source: `assumed: ${why} default port ${port}; pass --url`, assumed: true }
}

/** Next.js apps serve the routes at /api/auth (`@gatehousejs/next`'s default); the engine's own default is /auth. */
export function frameworkBasePath(cwd: string): string {
  return frameworkOf(readManifest(cwd)) === "next" ? "/api/auth" : "/auth"
}

function frameworkOf(manifest: Manifest): Framework {
  const dependencies = { ...manifest.devDependencies, ...manifest.dependencies }
  if ("next" in dependencies || "@gatehousejs/next" in dependencies) return "next"
  if ("@solidjs/start" in dependencies || "vinxi" in dependencies) return "vinxi"
  if ("@sveltejs/kit" in dependencies || "@builder.io/qwik-city" in dependencies || "vite" in dependencies) return "vite"
  return "node"
}

/** The port a dev command names: `-p 4000`, `-p=4000`, `--port 4000`, `--port=4000`. */
function portIn(command: string): string | undefined {
  return /(?:^|\s)(?:-p|--port)(?:\s+|=)(\d{2,5})(?:\s|$)/.exec(command)?.[1]
}

function readManifest(cwd: string): Manifest {
  try {
    return JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as Manifest
  } catch {
    return {}
  }
}
