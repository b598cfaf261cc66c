// @auth/solid-start/providers/slack, as @gatehousejs/solid-start/providers/slack: the engine's provider.
export * from "@gatehousejs/core/providers/slack"
export { default } from "@gatehousejs/core/providers/slack"
