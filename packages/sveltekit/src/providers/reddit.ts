// @auth/sveltekit/providers/reddit, as @gatehousejs/sveltekit/providers/reddit: the engine's provider.
export * from "@gatehousejs/core/providers/reddit"
export { default } from "@gatehousejs/core/providers/reddit"
