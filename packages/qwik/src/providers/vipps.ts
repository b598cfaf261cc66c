// @auth/qwik/providers/vipps, as @gatehousejs/qwik/providers/vipps: the engine's provider.
export * from "@gatehousejs/core/providers/vipps"
export { default } from "@gatehousejs/core/providers/vipps"
