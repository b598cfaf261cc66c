// @auth/sveltekit/providers/boxyhq-saml, as @gatehousejs/sveltekit/providers/boxyhq-saml: the engine's provider.
export * from "@gatehousejs/core/providers/boxyhq-saml"
export { default } from "@gatehousejs/core/providers/boxyhq-saml"
