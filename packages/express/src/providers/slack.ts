// @auth/express/providers/slack, as @gatehousejs/express/providers/slack: the engine's provider.
export * from "@gatehousejs/core/providers/slack"
export { default } from "@gatehousejs/core/providers/slack"
