// @auth/express/providers/concept2, as @gatehousejs/express/providers/concept2: the engine's provider.
export * from "@gatehousejs/core/providers/concept2"
export { default } from "@gatehousejs/core/providers/concept2"
