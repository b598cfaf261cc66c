/**
 * One transaction on one pooled connection: `BEGIN`, the work, `COMMIT`; `ROLLBACK` on any failure. The connection
 * goes back to the pool in every case, and is destroyed instead when even `ROLLBACK` failed (it may still be inside
 * an open transaction, and the next borrower must never inherit that).
 *
 * While a client is checked out the pool does not listen for its `error` event, and `pg` emits one when the server
 * drops the connection; unheard, it would crash the process. So the client is listened to until it is released.
 */
import type { Pool, PoolClient } from "pg"

export async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error): void => {
    broken = error
  }
  client.on("error", onError)
  try {
    await client.query("BEGIN")
    const result = await work(client)
    await client.query("COMMIT")
    return result
  } catch (error) {
    try {
      await client.query("ROLLBACK")
    } catch (rollbackError) {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
    }
    throw error
  } finally {
    client.off("error", onError)
    client.release(broken)
  }
}
