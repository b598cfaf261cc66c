// @auth/express/providers/okta, as @gatehousejs/express/providers/okta: the engine's provider.
export * from "@gatehousejs/core/providers/okta"
export { default } from "@gatehousejs/core/providers/okta"
