// @auth/express/providers/vipps, as @gatehousejs/express/providers/vipps: the engine's provider.
export * from "@gatehousejs/core/providers/vipps"
export { default } from "@gatehousejs/core/providers/vipps"
