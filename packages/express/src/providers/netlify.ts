// @auth/express/providers/netlify, as @gatehousejs/express/providers/netlify: the engine's provider.
export * from "@gatehousejs/core/providers/netlify"
export { default } from "@gatehousejs/core/providers/netlify"
