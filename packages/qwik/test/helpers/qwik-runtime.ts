/**
 * Qwik City's runtime, loaded the way a Qwik app's build loads it, without that build. Import this module before
 * anything that imports `@builder.io/qwik` (vitest runs a test file's imports in order).
 *
 * What is faked, and why:
 * - `globalThis.qRuntimeQrl = true`: without Qwik's optimizer, `$()` creates its QRL at run time instead of throwing
 *   "Optimizer should replace all usages of $()" (Qwik City's own module calls `$()` as it loads, in dev mode).
 * - Qwik City's virtual modules, which its Vite plugin generates from an app's `src/routes` (`@qwik-city-plan`) and
 *   build (`@qwik-client-manifest`, the not-found and static path tables, the service-worker registration): empty
 *   ones, through a Node.js resolve hook. The route plan the tests use is passed to `createQwikCity()` directly.
 */
import { register } from "node:module"

;(globalThis as { qRuntimeQrl?: boolean }).qRuntimeQrl = true

const virtualModules: Record<string, string> = {
  "@qwik-city-plan": "export const routes = []; export const menus = []; export const serverPlugins = []; export const trailingSlash = false; export const basePathname = '/'; export const cacheModules = true;",
  "@qwik-city-sw-register": "export default ''",
  "@qwik-city-not-found-paths": "export function getNotFound() { return 'Not Found' }",
  "@qwik-city-static-paths": "export function isStaticPath() { return false }",
  "@qwik-client-manifest": "export const manifest = undefined",
}

const hook = `
const modules = ${JSON.stringify(virtualModules)}
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(modules, specifier)) return { url: "data:text/javascript," + encodeURIComponent(modules[specifier]), shortCircuit: true }
  return next(specifier, context)
}`

register(`data:text/javascript,${encodeURIComponent(hook)}`)
