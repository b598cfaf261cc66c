// @auth/sveltekit/providers/webex, as @gatehousejs/sveltekit/providers/webex: the engine's provider.
export * from "@gatehousejs/core/providers/webex"
export { default } from "@gatehousejs/core/providers/webex"
