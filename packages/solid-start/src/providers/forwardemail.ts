// @auth/solid-start/providers/forwardemail, as @gatehousejs/solid-start/providers/forwardemail: the engine's provider.
export * from "@gatehousejs/core/providers/forwardemail"
export { default } from "@gatehousejs/core/providers/forwardemail"
