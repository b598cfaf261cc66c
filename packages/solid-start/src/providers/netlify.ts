// @auth/solid-start/providers/netlify, as @gatehousejs/solid-start/providers/netlify: the engine's provider.
export * from "@gatehousejs/core/providers/netlify"
export { default } from "@gatehousejs/core/providers/netlify"
