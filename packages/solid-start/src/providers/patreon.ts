// @auth/solid-start/providers/patreon, as @gatehousejs/solid-start/providers/patreon: the engine's provider.
export * from "@gatehousejs/core/providers/patreon"
export { default } from "@gatehousejs/core/providers/patreon"
