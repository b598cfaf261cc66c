// @auth/express/providers/patreon, as @gatehousejs/express/providers/patreon: the engine's provider.
export * from "@gatehousejs/core/providers/patreon"
export { default } from "@gatehousejs/core/providers/patreon"
