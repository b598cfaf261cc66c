// @auth/qwik/providers/slack, as @gatehousejs/qwik/providers/slack: the engine's provider.
export * from "@gatehousejs/core/providers/slack"
export { default } from "@gatehousejs/core/providers/slack"
