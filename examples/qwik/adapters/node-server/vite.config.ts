// The server build for Node.js: src/entry.node-server.tsx and the route plan, into server/.
import { nodeServerAdapter } from "@builder.io/qwik-city/adapters/node-server/vite"
import { extendConfig } from "@builder.io/qwik-city/vite"
import baseConfig from "../../vite.config.js"

export default extendConfig(baseConfig, () => ({
  build: { ssr: true, rollupOptions: { input: ["src/entry.node-server.tsx", "@qwik-city-plan"] } },
  plugins: [nodeServerAdapter({ name: "node-server" })],
}))
