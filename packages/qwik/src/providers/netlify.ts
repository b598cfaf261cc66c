// @auth/qwik/providers/netlify, as @gatehousejs/qwik/providers/netlify: the engine's provider.
export * from "@gatehousejs/core/providers/netlify"
export { default } from "@gatehousejs/core/providers/netlify"
