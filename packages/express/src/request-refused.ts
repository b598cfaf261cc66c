/**
 * A request Gatehouse cannot answer because of how it was sent: a malformed `Host`, a forwarded protocol other than
 * http/https, an oversized body. It carries the HTTP status in the `http-errors` shape (`status`, `statusCode`,
 * `expose`), so Express's error handler answers with that status and not with a 500.
 *
 * @example
 * app.use((err, req, res, next) => {
 *   if (err instanceof RequestRefused) return res.status(err.status).send(err.message)
 *   next(err)
 * })
 */
export class RequestRefused extends Error {
  override name = "RequestRefused"
  /** The message describes the request, never a secret: safe to show. */
  readonly expose = true
  readonly statusCode: number

  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message)
    this.statusCode = status
  }
}
