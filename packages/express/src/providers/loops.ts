// @auth/express/providers/loops, as @gatehousejs/express/providers/loops: the engine's provider.
export * from "@gatehousejs/core/providers/loops"
export { default } from "@gatehousejs/core/providers/loops"
