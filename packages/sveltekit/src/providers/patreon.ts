// @auth/sveltekit/providers/patreon, as @gatehousejs/sveltekit/providers/patreon: the engine's provider.
export * from "@gatehousejs/core/providers/patreon"
export { default } from "@gatehousejs/core/providers/patreon"
