// @auth/express/providers/boxyhq-saml, as @gatehousejs/express/providers/boxyhq-saml: the engine's provider.
export * from "@gatehousejs/core/providers/boxyhq-saml"
export { default } from "@gatehousejs/core/providers/boxyhq-saml"
