/**
 * The Demo IdP's storage: oidc-provider's sessions, interactions, codes, tokens and grants, in memory.
 */

/**
 * An oidc-provider adapter class (its `adapter` setting) keeping the state in a Map of this process: lost at restart,
 * on purpose. Entries expire at their `expiresIn`; the index of a grant's tokens (for `revokeByGrantId`, which a
 * reused refresh token triggers) lives `grantTtl` seconds, as the grant does.
 *
 * @example
 * new Provider(issuer, { adapter: createMemoryAdapter({ grantTtl: 3600 }), … })
 */
export function createMemoryAdapter({ grantTtl }) {
  const store = new Map()
  const read = (key) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry?.value
  }
  const write = (key, value, expiresIn) => {
    store.set(key, { value, expiresAt: typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Infinity })
  }
  const sweep = () => {
    for (const key of store.keys()) read(key)
  }

  return class DemoAdapter {
    constructor(model) {
      this.model = model
    }

    key(id) {
      return `${this.model}:${id}`
    }

    async upsert(id, payload, expiresIn) {
      if (store.size > 1000) sweep()
      write(this.key(id), payload, expiresIn)
      if (payload.uid && this.model === "Session") write(`sessionUid:${payload.uid}`, id, expiresIn)
      if (payload.userCode) write(`userCode:${payload.userCode}`, id, expiresIn)
      if (payload.grantId) {
        const members = read(`grant:${payload.grantId}`) ?? new Set()
        members.add(this.key(id))
        write(`grant:${payload.grantId}`, members, grantTtl)
      }
    }

    async find(id) {
      return read(this.key(id))
    }

    async findByUid(uid) {
      const id = read(`sessionUid:${uid}`)
      return id === undefined ? undefined : this.find(id)
    }

    async findByUserCode(userCode) {
      const id = read(`userCode:${userCode}`)
      return id === undefined ? undefined : this.find(id)
    }

    async consume(id) {
      const payload = read(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }

    async destroy(id) {
      store.delete(this.key(id))
    }

    async revokeByGrantId(grantId) {
      for (const key of read(`grant:${grantId}`) ?? []) store.delete(key)
      store.delete(`grant:${grantId}`)
    }
  }
}
