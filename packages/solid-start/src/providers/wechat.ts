// @auth/solid-start/providers/wechat, as @gatehousejs/solid-start/providers/wechat: the engine's provider.
export * from "@gatehousejs/core/providers/wechat"
export { default } from "@gatehousejs/core/providers/wechat"
