// @auth/sveltekit/providers/forwardemail, as @gatehousejs/sveltekit/providers/forwardemail: the engine's provider.
export * from "@gatehousejs/core/providers/forwardemail"
export { default } from "@gatehousejs/core/providers/forwardemail"
