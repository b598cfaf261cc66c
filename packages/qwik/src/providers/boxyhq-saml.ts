// @auth/qwik/providers/boxyhq-saml, as @gatehousejs/qwik/providers/boxyhq-saml: the engine's provider.
export * from "@gatehousejs/core/providers/boxyhq-saml"
export { default } from "@gatehousejs/core/providers/boxyhq-saml"
