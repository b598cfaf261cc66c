// The production server: Qwik City's Node.js adapter on node:http. PORT (default 3000; 0 for any free port) and HOST
// from the environment; the first line printed names the address.
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { createQwikCity } from "@builder.io/qwik-city/middleware/node"
import qwikCityPlan from "@qwik-city-plan"
import { manifest } from "@qwik-client-manifest"
import render from "./entry.ssr"

const { router, notFound, staticFile } = createQwikCity({ render, qwikCityPlan, manifest })
const port = Number(process.env.PORT ?? 3000)

const server = createServer((req, res) => {
  staticFile(req, res, () => router(req, res, () => notFound(req, res, () => res.end())))
})
server.listen(port, process.env.HOST ?? "127.0.0.1", () => {
  console.log(`Qwik City example on http://localhost:${(server.address() as AddressInfo).port}`)
})
