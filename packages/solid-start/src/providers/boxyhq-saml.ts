// @auth/solid-start/providers/boxyhq-saml, as @gatehousejs/solid-start/providers/boxyhq-saml: the engine's provider.
export * from "@gatehousejs/core/providers/boxyhq-saml"
export { default } from "@gatehousejs/core/providers/boxyhq-saml"
