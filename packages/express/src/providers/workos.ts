// @auth/express/providers/workos, as @gatehousejs/express/providers/workos: the engine's provider.
export * from "@gatehousejs/core/providers/workos"
export { default } from "@gatehousejs/core/providers/workos"
