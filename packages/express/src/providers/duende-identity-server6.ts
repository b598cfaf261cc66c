// @auth/express/providers/duende-identity-server6, as @gatehousejs/express/providers/duende-identity-server6: the engine's provider.
export * from "@gatehousejs/core/providers/duende-identity-server6"
export { default } from "@gatehousejs/core/providers/duende-identity-server6"
