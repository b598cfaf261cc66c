// @auth/express/providers/wechat, as @gatehousejs/express/providers/wechat: the engine's provider.
export * from "@gatehousejs/core/providers/wechat"
export { default } from "@gatehousejs/core/providers/wechat"
