/**
 * A bound on hashing work in flight: each password hash holds its memory (19 MiB for argon2id) until it ends, so a
 * flood of attempts waits its turn here instead of allocating every hash at once (issue 27: RSS stays bounded and the
 * session checks keep answering).
 */
export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>
  /** Hashes running now, and waiting. */
  readonly running: number
  readonly waiting: number
}

export function workQueue(limit: number): WorkQueue {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`A work queue needs a limit of at least 1, got ${String(limit)}.`)
  let running = 0
  const waiting: (() => void)[] = []
  const release = (): void => {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
  return {
    async run(work) {
      if (running < limit) running++
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        release()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
