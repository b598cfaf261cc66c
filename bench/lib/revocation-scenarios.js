/**
 * Scenario 9: the JWT session check with revocable sessions — `GET /auth/session` with a session token that carries a
 * session id recorded in `RedisSessionStore` (keys under `gatehouse-bench-sr:`), against `@auth/core`'s plain JWT check.
 * docs/design.md#performance-targets / issue 17: ≥ 10× `@auth/core` with the store on, the store asked at most once
 * per session per `revocationCacheMaxAge` (5 s, the default): the report counts Redis commands per check.
 */
import { Auth as GatehouseAuth } from "@gatehousejs/core"
import { encode as gatehouseEncode } from "@gatehousejs/core/jwt"
import GatehouseCredentials from "@gatehousejs/core/providers/credentials"
import { CLAIMS, BASE_PATH, SECRET, SESSION_COOKIE, USER, handlers, url } from "./fixtures.js"
import { builtOrMissing, countPerCheck, probeReason, redisClient, withCleanup } from "./db-scenarios.js"
import { AUTHJS, GATEHOUSE, expectSession, fail } from "./scenarios.js"
import { encode as authjsEncode } from "@auth/core/jwt"

const PREFIX = "gatehouse-bench-sr:"

function revocableScenario() {
  return (settings) =>
    withCleanup(async (track) => {
      const { RedisSessionStore } = await import("@gatehousejs/redis-adapter")
      const client = await redisClient(settings, PREFIX, track)
      const counter = { on: false, counts: { commands: 0 }, reset() { this.counts = { commands: 0 } } }
      const sendCommand = client.sendCommand
      client.sendCommand = function countedSendCommand(command, ...rest) {
        if (counter.on) counter.counts.commands++
        return sendCommand.call(this, command, ...rest)
      }
      const sessionStore = RedisSessionStore(client, { prefix: PREFIX })
      const now = new Date()
      const sid = "bench-session-0123456789abcdef0123456789abcdef"
      await sessionStore.createSession({ sessionToken: sid, userId: USER.id, expires: new Date(now.valueOf() + 30 * 86400_000), createdAt: now, lastActiveAt: now, userAgent: "bench", ip: "127.0.0.1" })
      const config = {
        secret: SECRET,
        trustHost: true,
        basePath: BASE_PATH,
        sessionStore,
        providers: [GatehouseCredentials({ credentials: {}, authorize: () => null })],
      }
      const gatehouseToken = await gatehouseEncode({ token: { ...CLAIMS, gatehouse_sid: sid, gatehouse_auth_time: Math.floor(now / 1000) }, secret: SECRET, salt: SESSION_COOKIE })
      const authjsToken = await authjsEncode({ token: { ...CLAIMS }, secret: SECRET, salt: SESSION_COOKIE })
      const { authjs } = handlers()
      const sessionUrl = url("/session")
      const requestOf = {
        [GATEHOUSE]: () => new Request(sessionUrl, { headers: { cookie: `${SESSION_COOKIE}=${gatehouseToken}` } }),
        [AUTHJS]: () => new Request(sessionUrl, { headers: { cookie: `${SESSION_COOKIE}=${authjsToken}` } }),
      }
      const handlerOf = { [GATEHOUSE]: (request) => GatehouseAuth(request, config), [AUTHJS]: authjs }
      const op = (name) => async () => {
        const response = await handlerOf[name](requestOf[name]())
        if (response.status !== 200) fail(name, `status ${response.status}`)
        if (settings.readBody) await response.text()
      }
      return {
        async validate() {
          for (const name of [GATEHOUSE, AUTHJS]) await expectSession(name, await handlerOf[name](requestOf[name]()))
          // Revoked: the same token is no session once its record is gone. The record is deleted behind the engine's
          // back, so the check goes through another store object (as another process would): no cached answer.
          await sessionStore.deleteSession(sid)
          const revoked = await GatehouseAuth(requestOf[GATEHOUSE](), { ...config, sessionStore: RedisSessionStore(client, { prefix: PREFIX }) })
          if ((await revoked.json()) !== null) fail(GATEHOUSE, "a revoked session still answered")
          await sessionStore.createSession({ sessionToken: sid, userId: USER.id, expires: new Date(now.valueOf() + 30 * 86400_000), createdAt: now, lastActiveAt: now, userAgent: "bench", ip: "127.0.0.1" })
        },
        contenders: [
          { name: GATEHOUSE, op: op(GATEHOUSE) },
          { name: AUTHJS, op: op(AUTHJS) },
        ],
        async report() {
          const c = await countPerCheck(op(GATEHOUSE), counter)
          return {
            notes: [`Redis commands per check (revocationCacheMaxAge 5 s): ${c.commands.toFixed(3)}`],
            data: { commandsPerCheck: c.commands },
          }
        },
      }
    })
}

export const revocationScenarios = [
  {
    id: "session-revocable-redis",
    title: "9. JWT session check with a Redis revocation store (RedisSessionStore, cached 5 s) vs @auth/core",
    async unavailable(settings) {
      return builtOrMissing("@gatehousejs/redis-adapter", "packages/redis-adapter/dist/index.js") ?? (await probeReason("Redis", settings.redisUrl, 6379))
    },
    prepare: revocableScenario(),
    comparisons: [{ label: "9. JWT check, revocable (Redis store)", numerator: GATEHOUSE, denominator: AUTHJS, min: 10 }],
  },
]
