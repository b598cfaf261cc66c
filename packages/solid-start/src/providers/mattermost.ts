// @auth/solid-start/providers/mattermost, as @gatehousejs/solid-start/providers/mattermost: the engine's provider.
export * from "@gatehousejs/core/providers/mattermost"
export { default } from "@gatehousejs/core/providers/mattermost"
