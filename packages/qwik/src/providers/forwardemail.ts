// @auth/qwik/providers/forwardemail, as @gatehousejs/qwik/providers/forwardemail: the engine's provider.
export * from "@gatehousejs/core/providers/forwardemail"
export { default } from "@gatehousejs/core/providers/forwardemail"
