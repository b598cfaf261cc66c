// @auth/sveltekit/providers/keycloak, as @gatehousejs/sveltekit/providers/keycloak: the engine's provider.
export * from "@gatehousejs/core/providers/keycloak"
export { default } from "@gatehousejs/core/providers/keycloak"
