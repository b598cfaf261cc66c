/** A value or a promise of it: every callback may be synchronous or asynchronous. */
export type Awaitable<T> = T | PromiseLike<T>
