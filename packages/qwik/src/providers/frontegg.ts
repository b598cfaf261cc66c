// @auth/qwik/providers/frontegg, as @gatehousejs/qwik/providers/frontegg: the engine's provider.
export * from "@gatehousejs/core/providers/frontegg"
export { default } from "@gatehousejs/core/providers/frontegg"
