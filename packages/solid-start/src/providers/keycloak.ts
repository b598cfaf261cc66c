// @auth/solid-start/providers/keycloak, as @gatehousejs/solid-start/providers/keycloak: the engine's provider.
export * from "@gatehousejs/core/providers/keycloak"
export { default } from "@gatehousejs/core/providers/keycloak"
