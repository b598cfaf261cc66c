// @auth/express/providers/kinde, as @gatehousejs/express/providers/kinde: the engine's provider.
export * from "@gatehousejs/core/providers/kinde"
export { default } from "@gatehousejs/core/providers/kinde"
