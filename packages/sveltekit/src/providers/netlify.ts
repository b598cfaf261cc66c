// @auth/sveltekit/providers/netlify, as @gatehousejs/sveltekit/providers/netlify: the engine's provider.
export * from "@gatehousejs/core/providers/netlify"
export { default } from "@gatehousejs/core/providers/netlify"
