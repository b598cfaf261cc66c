// @auth/express/providers/mailru, as @gatehousejs/express/providers/mailru: the engine's provider.
export * from "@gatehousejs/core/providers/mailru"
export { default } from "@gatehousejs/core/providers/mailru"
