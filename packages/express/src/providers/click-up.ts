// @auth/express/providers/click-up, as @gatehousejs/express/providers/click-up: the engine's provider.
export * from "@gatehousejs/core/providers/click-up"
export { default } from "@gatehousejs/core/providers/click-up"
