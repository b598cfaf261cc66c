/** The adapter conformance suite (`@gatehousejs/adapter-test`) against a real Redis, WebAuthn methods included. */
import { runAdapterTests, serviceAvailable } from "@gatehousejs/adapter-test"
import { describe } from "vitest"
import { RedisAdapter } from "../src/index.js"
import { deleteKeys, newClient, storeReader, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const client = newClient()
const prefix = testPrefix()

describe.skipIf(!up)("redis conformance", () => {
  runAdapterTests({
    name: "redis",
    adapter: () => RedisAdapter(client, { prefix }),
    db: storeReader(client, prefix),
    setup: async () => {
      await client.connect()
    },
    teardown: async () => {
      await deleteKeys(client, prefix)
      await client.quit()
    },
    webauthn: true,
  })
})
