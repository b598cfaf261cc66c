// @auth/qwik/providers/okta, as @gatehousejs/qwik/providers/okta: the engine's provider.
export * from "@gatehousejs/core/providers/okta"
export { default } from "@gatehousejs/core/providers/okta"
