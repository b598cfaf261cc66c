// @auth/express/providers/box, as @gatehousejs/express/providers/box: the engine's provider.
export * from "@gatehousejs/core/providers/box"
export { default } from "@gatehousejs/core/providers/box"
