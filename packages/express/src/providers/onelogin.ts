// @auth/express/providers/onelogin, as @gatehousejs/express/providers/onelogin: the engine's provider.
export * from "@gatehousejs/core/providers/onelogin"
export { default } from "@gatehousejs/core/providers/onelogin"
