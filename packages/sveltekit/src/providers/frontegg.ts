// @auth/sveltekit/providers/frontegg, as @gatehousejs/sveltekit/providers/frontegg: the engine's provider.
export * from "@gatehousejs/core/providers/frontegg"
export { default } from "@gatehousejs/core/providers/frontegg"
