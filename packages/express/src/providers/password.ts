// @auth/express/providers/password, as @gatehousejs/express/providers/password: the engine's provider.
export * from "@gatehousejs/core/providers/password"
export { default } from "@gatehousejs/core/providers/password"
