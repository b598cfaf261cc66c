// @auth/express/providers/authentik, as @gatehousejs/express/providers/authentik: the engine's provider.
export * from "@gatehousejs/core/providers/authentik"
export { default } from "@gatehousejs/core/providers/authentik"
