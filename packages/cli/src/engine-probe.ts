/**
 * `doctor` asks the app's own engine: `GET {basePath}/providers` through `Auth()`, with a logger that captures what
 * the engine reports (every configuration problem, its start-up warnings) instead of printing it. The answer lists
 * each provider with the callback URL the engine will use, the one to register with the provider.
 */
import type { AuthConfigLike, CoreModule } from "./load-config.js"

export interface Problem {
  type: string
  message: string
  /** The problem's stable code, where the engine gives one (`InvalidEnvUrl`, `MissingCredentials`, `MissingIssuer`). */
  code?: string
  /** The environment variables that would solve it, where the engine names them. */
  variables?: string[]
}

export interface PublicProviderLike {
  id: string
  name: string
  type: string
  callbackUrl: string
}

export interface EngineFindings {
  /** Configuration problems and any other error the engine logged. */
  problems: Problem[]
  warnings: { code: string; message?: string }[]
  /** Undefined when the engine would not list them even with placeholders (see `probeEngine`). */
  providers?: PublicProviderLike[]
  /** True when the list came from the second pass, with placeholder credentials. */
  placeholders: boolean
}

interface Capture {
  problems: Problem[]
  warnings: { code: string; message?: string }[]
}

/**
 * A logger for both signatures the engine has had: Auth.js v5's `error(error)` and the older `error(code, error)`;
 * the first `Error` among the arguments is the one reported. A configuration error carries every problem in
 * `cause.problems`, each of which becomes one finding.
 */
function capturingLogger(capture: Capture): Record<string, (...args: unknown[]) => void> {
  return {
    error: (...args) => {
      const error = args.find((arg): arg is Error => arg instanceof Error)
      if (!error) {
        capture.problems.push({ type: "Error", message: args.map(String).join(" ") })
        return
      }
      const listed = (error.cause as { problems?: unknown } | undefined)?.problems
      const problems = Array.isArray(listed) && listed.length ? (listed as unknown[]) : [error]
      for (const problem of problems) capture.problems.push(problemOf(problem as ProblemLike))
    },
    warn: (code, message) => {
      capture.warnings.push({ code: String(code), message: typeof message === "string" ? message : undefined })
    },
    debug: () => {},
  }
}

type ProblemLike = { type?: unknown; name?: unknown; message?: unknown; code?: unknown; variables?: unknown; cause?: { code?: unknown; variables?: unknown } }

/**
 * A finding from an engine error, or from an entry of its `cause.problems`: its type and text for the report, its code
 * and variables (on the entry, or in the error's `cause`) to act on.
 */
function problemOf(error: ProblemLike): Problem {
  const code = error.code ?? error.cause?.code
  const variables = error.variables ?? error.cause?.variables
  return {
    type: String(error.type ?? error.name),
    message: String(error.message),
    ...(typeof code === "string" && { code }),
    ...(Array.isArray(variables) && { variables: variables.filter((name): name is string => typeof name === "string") }),
  }
}

/** The provider variables the problems name (`AUTH_GITHUB_ID`, `AUTH_KEYCLOAK_ISSUER`), for the second pass. */
const credentialVariable = /^AUTH_[A-Z0-9_]+_(?:ID|SECRET|ISSUER)$/

/**
 * Runs the engine on `config` at `origin` + `basePath`. `engineSecret` replaces a missing secret outside production
 * (so that checking writes no development-secret file; `doctor` reports the missing secret itself).
 *
 * The callback URL is needed before the credentials exist (registering it is how one gets them), so when the engine
 * refuses to list providers, a second pass runs with placeholders for the credentials, the secret and host trust the
 * problems named, only to read the list; its own findings are discarded.
 */
export async function probeEngine(
  core: CoreModule,
  config: AuthConfigLike,
  options: { origin: string; basePath: string; engineSecret?: string },
): Promise<EngineFindings> {
  const capture: Capture = { problems: [], warnings: [] }
  const url = `${options.origin}${options.basePath}/providers`
  const first = await listProviders(core, url, {
    ...config,
    basePath: options.basePath,
    ...(options.engineSecret ? { secret: options.engineSecret } : {}),
    logger: capturingLogger(capture),
    debug: false,
  }, capture)
  if (first) return { ...capture, providers: first, placeholders: false }

  const variables = new Set(capture.problems.flatMap((problem) => (problem.variables ?? []).filter((name) => credentialVariable.test(name))))
  const saved = new Map([...variables].map((name) => [name, process.env[name]]))
  for (const name of variables) process.env[name] = name.endsWith("_ISSUER") ? "https://issuer.invalid" : "gatehousejs-doctor-placeholder"
  try {
    const second = await listProviders(core, url, {
      ...config,
      basePath: options.basePath,
      secret: "gatehousejs-doctor-placeholder-secret-0123456789",
      trustHost: true,
      logger: capturingLogger({ problems: [], warnings: [] }),
      debug: false,
    })
    return { ...capture, providers: second, placeholders: second !== undefined }
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** The providers the engine lists, or undefined; with `capture`, why not (when the logger said nothing) is recorded. */
async function listProviders(core: CoreModule, url: string, config: object, capture?: Capture): Promise<PublicProviderLike[] | undefined> {
  let response: Response
  try {
    response = await core.Auth(new Request(url), config)
  } catch (error) {
    capture?.problems.push({ type: "Error", message: `Auth() threw: ${error instanceof Error ? error.message : String(error)}` })
    return undefined
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, PublicProviderLike> | undefined
  if (response.status === 200 && body && typeof body === "object") return Object.values(body)
  if (capture && capture.problems.length === 0) {
    capture.problems.push({ type: "Error", message: `the engine answered ${response.status} to GET ${url}, without logging why.` })
  }
  return undefined
}
