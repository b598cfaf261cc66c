/**
 * The Prisma CLI's configuration for the in-the-wild tests. `engine: "js"` with a driver adapter is what keeps the
 * CLI from downloading its schema-engine binary (it downloads one at every `generate` otherwise, and this machine
 * cannot reach Prisma's CDN); the WebAssembly schema engine that ships in the `prisma` package does the work instead.
 */
import { PrismaPg } from "@prisma/adapter-pg"
import { defineConfig } from "prisma/config"

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "./schema.prisma",
  // The CLI would otherwise wait for the idle connection to time out (10 s) before it exits.
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true }),
})
