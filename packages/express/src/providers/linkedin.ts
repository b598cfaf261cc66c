// @auth/express/providers/linkedin, as @gatehousejs/express/providers/linkedin: the engine's provider.
export * from "@gatehousejs/core/providers/linkedin"
export { default } from "@gatehousejs/core/providers/linkedin"
