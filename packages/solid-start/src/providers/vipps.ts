// @auth/solid-start/providers/vipps, as @gatehousejs/solid-start/providers/vipps: the engine's provider.
export * from "@gatehousejs/core/providers/vipps"
export { default } from "@gatehousejs/core/providers/vipps"
