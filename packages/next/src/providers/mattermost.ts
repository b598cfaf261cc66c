// next-auth/providers/mattermost, as @gatehousejs/next/providers/mattermost: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/mattermost"
export { default } from "@gatehousejs/core/providers/mattermost"
