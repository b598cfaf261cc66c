// @auth/solid-start/providers/linkedin, as @gatehousejs/solid-start/providers/linkedin: the engine's provider.
export * from "@gatehousejs/core/providers/linkedin"
export { default } from "@gatehousejs/core/providers/linkedin"
