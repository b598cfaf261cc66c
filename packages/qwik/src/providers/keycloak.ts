// @auth/qwik/providers/keycloak, as @gatehousejs/qwik/providers/keycloak: the engine's provider.
export * from "@gatehousejs/core/providers/keycloak"
export { default } from "@gatehousejs/core/providers/keycloak"
