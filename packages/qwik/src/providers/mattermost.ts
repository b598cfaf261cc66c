// @auth/qwik/providers/mattermost, as @gatehousejs/qwik/providers/mattermost: the engine's provider.
export * from "@gatehousejs/core/providers/mattermost"
export { default } from "@gatehousejs/core/providers/mattermost"
