// @auth/express/providers/logto, as @gatehousejs/express/providers/logto: the engine's provider.
export * from "@gatehousejs/core/providers/logto"
export { default } from "@gatehousejs/core/providers/logto"
