// @auth/sveltekit/providers/okta, as @gatehousejs/sveltekit/providers/okta: the engine's provider.
export * from "@gatehousejs/core/providers/okta"
export { default } from "@gatehousejs/core/providers/okta"
