// @auth/express/providers/wikimedia, as @gatehousejs/express/providers/wikimedia: the engine's provider.
export * from "@gatehousejs/core/providers/wikimedia"
export { default } from "@gatehousejs/core/providers/wikimedia"
