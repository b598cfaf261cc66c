// @auth/sveltekit/providers/wechat, as @gatehousejs/sveltekit/providers/wechat: the engine's provider.
export * from "@gatehousejs/core/providers/wechat"
export { default } from "@gatehousejs/core/providers/wechat"
