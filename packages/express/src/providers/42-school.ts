// @auth/express/providers/42-school, as @gatehousejs/express/providers/42-school: the engine's provider.
export * from "@gatehousejs/core/providers/42-school"
export { default } from "@gatehousejs/core/providers/42-school"
