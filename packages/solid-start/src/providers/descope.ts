// @auth/solid-start/providers/descope, as @gatehousejs/solid-start/providers/descope: the engine's provider.
export * from "@gatehousejs/core/providers/descope"
export { default } from "@gatehousejs/core/providers/descope"
