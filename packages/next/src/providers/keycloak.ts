// next-auth/providers/keycloak, as @gatehousejs/next/providers/keycloak: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/keycloak"
export { default } from "@gatehousejs/core/providers/keycloak"
