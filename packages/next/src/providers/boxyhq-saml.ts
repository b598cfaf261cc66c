// next-auth/providers/boxyhq-saml, as @gatehousejs/next/providers/boxyhq-saml: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/boxyhq-saml"
export { default } from "@gatehousejs/core/providers/boxyhq-saml"
