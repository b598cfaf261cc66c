// @auth/solid-start/providers/frontegg, as @gatehousejs/solid-start/providers/frontegg: the engine's provider.
export * from "@gatehousejs/core/providers/frontegg"
export { default } from "@gatehousejs/core/providers/frontegg"
