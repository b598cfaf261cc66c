// @auth/express/providers/simplelogin, as @gatehousejs/express/providers/simplelogin: the engine's provider.
export * from "@gatehousejs/core/providers/simplelogin"
export { default } from "@gatehousejs/core/providers/simplelogin"
