// @auth/express/providers/forwardemail, as @gatehousejs/express/providers/forwardemail: the engine's provider.
export * from "@gatehousejs/core/providers/forwardemail"
export { default } from "@gatehousejs/core/providers/forwardemail"
