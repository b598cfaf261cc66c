// @auth/sveltekit/providers/passkey, as @gatehousejs/sveltekit/providers/passkey: the engine's provider.
export * from "@gatehousejs/core/providers/passkey"
export { default } from "@gatehousejs/core/providers/passkey"
