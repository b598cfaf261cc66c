/**
 * Loading the app's own packages (the adapters, `@gatehousejs/core`, `pg`) from the project directory, not from where
 * the CLI happens to be installed: `npx` may run the CLI from its cache, and the app's copy is the one that counts.
 */
import { createRequire } from "node:module"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

/** A package the command needs is not installed; `install` is the line that adds it. */
export class MissingPackageError extends Error {
  constructor(
    readonly packageName: string,
    readonly install: string,
  ) {
    super(`${packageName} is not installed in this project. Add it with: ${install}`)
    this.name = "MissingPackageError"
  }
}

/** A package is installed but cannot be loaded (not built, a native module for another Node.js, a syntax error). */
export class PackageLoadError extends Error {
  constructor(packageName: string, cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause)
    super(`could not load ${packageName}: ${message.split("\n")[0]}`, { cause })
    this.name = "PackageLoadError"
  }
}

/**
 * The entry file of `name` as seen from `from` (a directory, or a file whose neighbours are searched), or undefined
 * when it is not installed there. A package that is present but broken still throws.
 */
export function resolvePackage(name: string, from: string, { fromFile = false } = {}): string | undefined {
  const require = createRequire(fromFile ? from : join(from, "noop.js"))
  try {
    return require.resolve(name)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // MODULE_NOT_FOUND also covers a package whose `exports` points at a file that is missing (not built).
    if (code === "MODULE_NOT_FOUND" && (error as Error).message.includes(`'${name}'`)) return undefined
    throw error
  }
}

/** A package loaded from the project, with its entry file (where its own dependencies are found). */
export interface LoadedPackage<T> {
  module: T
  entry: string
}

/** Imports `name` from the project in `cwd`; a missing package is a `MissingPackageError` naming its install line. */
export async function importFromProject<T>(name: string, cwd: string): Promise<LoadedPackage<T>> {
  const entry = load(name, () => resolvePackage(name, cwd))
  if (!entry) throw new MissingPackageError(name, `npm install ${name}`)
  return { module: await importEntry<T>(name, entry), entry }
}

/** Imports `name` as a dependency of the package whose entry file is `dependent` (`pg` of the PostgreSQL adapter). */
export async function importDependency<T>(name: string, dependent: string, dependentName: string): Promise<T> {
  const entry = load(name, () => resolvePackage(name, dependent, { fromFile: true }))
  if (!entry) throw new MissingPackageError(name, `npm install ${name} (${dependentName} needs it)`)
  return importEntry<T>(name, entry)
}

function load<T>(name: string, work: () => T): T {
  try {
    return work()
  } catch (error) {
    throw new PackageLoadError(name, error)
  }
}

async function importEntry<T>(name: string, entry: string): Promise<T> {
  try {
    return (await import(pathToFileURL(entry).href)) as T
  } catch (error) {
    throw new PackageLoadError(name, error)
  }
}
