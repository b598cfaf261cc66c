/** What every framework package answers and logs when an app's configuration function throws: its name, never its message. */
import { json, toResponse } from "../http/response.js"

const configErrorMessage = "There was a problem with the server configuration. Check the server logs for more information."

/**
 * The error's name for a log line: an application's own error message may carry a credential (a vault URL, a token),
 * so it is never logged. A name that is not a plain identifier (an app may set any `name`, even from a request's
 * value) is logged as `Error`, so the line stays one line (RT-07).
 *
 * @example
 * console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
 */
export function safeErrorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error
  return /^[A-Za-z_$][\w$.-]{0,63}$/.test(error.name) ? error.name : "Error"
}

/**
 * Logs the one line about a configuration function that threw, and returns the generic 500 every endpoint answers
 * then (Auth.js's body, private and never cached, as every answer of the engine).
 */
export function configFunctionFailed(error: unknown): Response {
  console.error(`[gatehouse][error] The lazy configuration function threw ${safeErrorName(error)}; no request can be answered.`)
  return toResponse(json({ message: configErrorMessage }, 500), false)
}
