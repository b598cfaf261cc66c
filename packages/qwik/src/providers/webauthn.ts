// @auth/qwik/providers/webauthn, as @gatehousejs/qwik/providers/webauthn: the engine's provider.
export * from "@gatehousejs/core/providers/webauthn"
export { default } from "@gatehousejs/core/providers/webauthn"
