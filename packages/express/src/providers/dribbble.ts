// @auth/express/providers/dribbble, as @gatehousejs/express/providers/dribbble: the engine's provider.
export * from "@gatehousejs/core/providers/dribbble"
export { default } from "@gatehousejs/core/providers/dribbble"
