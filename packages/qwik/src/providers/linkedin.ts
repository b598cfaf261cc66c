// @auth/qwik/providers/linkedin, as @gatehousejs/qwik/providers/linkedin: the engine's provider.
export * from "@gatehousejs/core/providers/linkedin"
export { default } from "@gatehousejs/core/providers/linkedin"
