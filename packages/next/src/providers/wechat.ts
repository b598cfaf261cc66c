// next-auth/providers/wechat, as @gatehousejs/next/providers/wechat: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/wechat"
export { default } from "@gatehousejs/core/providers/wechat"
