/**
 * The page side of the React tests: where the browser was sent, and a component that shows `useSession()`.
 */
import { vi, type MockInstance } from "vitest"

export interface Navigation {
  /** Every URL assigned to `location.href`, in order. */
  hrefs: () => string[]
  reloads: MockInstance<() => void>
}

/** Records navigations instead of performing them (happy-dom would try to load the URL). */
export function watchNavigation(): Navigation {
  const href = vi.spyOn(window.location, "href", "set").mockImplementation(() => {})
  const reloads = vi.spyOn(window.location, "reload").mockImplementation(() => {})
  return { hrefs: () => href.mock.calls.map(([url]) => String(url)), reloads }
}

/** Console errors, captured silently; `text()` joins them for "no secret in the logs" checks. */
export function captureConsoleErrors(): { lines: () => string[]; text: () => string } {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {})
  const lines = (): string[] => spy.mock.calls.map((args) => args.map(String).join(" "))
  return { lines, text: () => lines().join("\n") }
}
