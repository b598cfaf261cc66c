// @auth/express/providers/credentials, as @gatehousejs/express/providers/credentials: the engine's provider.
export * from "@gatehousejs/core/providers/credentials"
export { default } from "@gatehousejs/core/providers/credentials"
