// @auth/express/providers/identity-server4, as @gatehousejs/express/providers/identity-server4: the engine's provider.
export * from "@gatehousejs/core/providers/identity-server4"
export { default } from "@gatehousejs/core/providers/identity-server4"
