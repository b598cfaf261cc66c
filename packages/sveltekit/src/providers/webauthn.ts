// @auth/sveltekit/providers/webauthn, as @gatehousejs/sveltekit/providers/webauthn: the engine's provider.
export * from "@gatehousejs/core/providers/webauthn"
export { default } from "@gatehousejs/core/providers/webauthn"
