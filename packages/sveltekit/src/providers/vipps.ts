// @auth/sveltekit/providers/vipps, as @gatehousejs/sveltekit/providers/vipps: the engine's provider.
export * from "@gatehousejs/core/providers/vipps"
export { default } from "@gatehousejs/core/providers/vipps"
