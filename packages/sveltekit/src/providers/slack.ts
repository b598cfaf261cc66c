// @auth/sveltekit/providers/slack, as @gatehousejs/sveltekit/providers/slack: the engine's provider.
export * from "@gatehousejs/core/providers/slack"
export { default } from "@gatehousejs/core/providers/slack"
