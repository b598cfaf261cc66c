// @auth/qwik/providers/beyondidentity, as @gatehousejs/qwik/providers/beyondidentity: the engine's provider.
export * from "@gatehousejs/core/providers/beyondidentity"
export { default } from "@gatehousejs/core/providers/beyondidentity"
