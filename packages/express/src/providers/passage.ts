// @auth/express/providers/passage, as @gatehousejs/express/providers/passage: the engine's provider.
export * from "@gatehousejs/core/providers/passage"
export { default } from "@gatehousejs/core/providers/passage"
