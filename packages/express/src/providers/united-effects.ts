// @auth/express/providers/united-effects, as @gatehousejs/express/providers/united-effects: the engine's provider.
export * from "@gatehousejs/core/providers/united-effects"
export { default } from "@gatehousejs/core/providers/united-effects"
