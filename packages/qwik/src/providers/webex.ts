// @auth/qwik/providers/webex, as @gatehousejs/qwik/providers/webex: the engine's provider.
export * from "@gatehousejs/core/providers/webex"
export { default } from "@gatehousejs/core/providers/webex"
