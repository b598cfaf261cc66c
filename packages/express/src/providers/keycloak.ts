// @auth/express/providers/keycloak, as @gatehousejs/express/providers/keycloak: the engine's provider.
export * from "@gatehousejs/core/providers/keycloak"
export { default } from "@gatehousejs/core/providers/keycloak"
