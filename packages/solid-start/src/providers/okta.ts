// @auth/solid-start/providers/okta, as @gatehousejs/solid-start/providers/okta: the engine's provider.
export * from "@gatehousejs/core/providers/okta"
export { default } from "@gatehousejs/core/providers/okta"
