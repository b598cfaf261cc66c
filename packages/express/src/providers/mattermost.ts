// @auth/express/providers/mattermost, as @gatehousejs/express/providers/mattermost: the engine's provider.
export * from "@gatehousejs/core/providers/mattermost"
export { default } from "@gatehousejs/core/providers/mattermost"
