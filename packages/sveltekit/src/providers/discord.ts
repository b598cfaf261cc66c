// @auth/sveltekit/providers/discord, as @gatehousejs/sveltekit/providers/discord: the engine's provider.
export * from "@gatehousejs/core/providers/discord"
export { default } from "@gatehousejs/core/providers/discord"
