// @auth/express/providers/frontegg, as @gatehousejs/express/providers/frontegg: the engine's provider.
export * from "@gatehousejs/core/providers/frontegg"
export { default } from "@gatehousejs/core/providers/frontegg"
