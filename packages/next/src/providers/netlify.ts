// next-auth/providers/netlify, as @gatehousejs/next/providers/netlify: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/netlify"
export { default } from "@gatehousejs/core/providers/netlify"
