// @auth/solid-start/providers/webex, as @gatehousejs/solid-start/providers/webex: the engine's provider.
export * from "@gatehousejs/core/providers/webex"
export { default } from "@gatehousejs/core/providers/webex"
