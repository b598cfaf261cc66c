// @auth/qwik/providers/descope, as @gatehousejs/qwik/providers/descope: the engine's provider.
export * from "@gatehousejs/core/providers/descope"
export { default } from "@gatehousejs/core/providers/descope"
