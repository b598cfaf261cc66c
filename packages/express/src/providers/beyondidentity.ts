// @auth/express/providers/beyondidentity, as @gatehousejs/express/providers/beyondidentity: the engine's provider.
export * from "@gatehousejs/core/providers/beyondidentity"
export { default } from "@gatehousejs/core/providers/beyondidentity"
