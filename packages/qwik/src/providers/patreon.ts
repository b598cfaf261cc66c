// @auth/qwik/providers/patreon, as @gatehousejs/qwik/providers/patreon: the engine's provider.
export * from "@gatehousejs/core/providers/patreon"
export { default } from "@gatehousejs/core/providers/patreon"
