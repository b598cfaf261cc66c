// @auth/express/providers/trakt, as @gatehousejs/express/providers/trakt: the engine's provider.
export * from "@gatehousejs/core/providers/trakt"
export { default } from "@gatehousejs/core/providers/trakt"
