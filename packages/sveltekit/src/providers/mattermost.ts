// @auth/sveltekit/providers/mattermost, as @gatehousejs/sveltekit/providers/mattermost: the engine's provider.
export * from "@gatehousejs/core/providers/mattermost"
export { default } from "@gatehousejs/core/providers/mattermost"
