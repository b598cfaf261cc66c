// @auth/solid-start/providers/webauthn, as @gatehousejs/solid-start/providers/webauthn: the engine's provider.
export * from "@gatehousejs/core/providers/webauthn"
export { default } from "@gatehousejs/core/providers/webauthn"
