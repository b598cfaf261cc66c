// @auth/solid-start/providers/click-up, as @gatehousejs/solid-start/providers/click-up: the engine's provider.
export * from "@gatehousejs/core/providers/click-up"
export { default } from "@gatehousejs/core/providers/click-up"
