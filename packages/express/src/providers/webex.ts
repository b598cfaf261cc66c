// @auth/express/providers/webex, as @gatehousejs/express/providers/webex: the engine's provider.
export * from "@gatehousejs/core/providers/webex"
export { default } from "@gatehousejs/core/providers/webex"
