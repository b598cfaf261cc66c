// @auth/express/providers/apple, as @gatehousejs/express/providers/apple: the engine's provider.
export * from "@gatehousejs/core/providers/apple"
export { default } from "@gatehousejs/core/providers/apple"
