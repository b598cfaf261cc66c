// @auth/express/providers/descope, as @gatehousejs/express/providers/descope: the engine's provider.
export * from "@gatehousejs/core/providers/descope"
export { default } from "@gatehousejs/core/providers/descope"
