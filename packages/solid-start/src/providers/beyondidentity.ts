// @auth/solid-start/providers/beyondidentity, as @gatehousejs/solid-start/providers/beyondidentity: the engine's provider.
export * from "@gatehousejs/core/providers/beyondidentity"
export { default } from "@gatehousejs/core/providers/beyondidentity"
