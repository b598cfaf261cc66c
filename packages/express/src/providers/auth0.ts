// @auth/express/providers/auth0, as @gatehousejs/express/providers/auth0: the engine's provider.
export * from "@gatehousejs/core/providers/auth0"
export { default } from "@gatehousejs/core/providers/auth0"
