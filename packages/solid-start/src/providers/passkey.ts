// @auth/solid-start/providers/passkey, as @gatehousejs/solid-start/providers/passkey: the engine's provider.
export * from "@gatehousejs/core/providers/passkey"
export { default } from "@gatehousejs/core/providers/passkey"
