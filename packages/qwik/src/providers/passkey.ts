// @auth/qwik/providers/passkey, as @gatehousejs/qwik/providers/passkey: the engine's provider.
export * from "@gatehousejs/core/providers/passkey"
export { default } from "@gatehousejs/core/providers/passkey"
