// @auth/solid-start/providers/simplelogin, as @gatehousejs/solid-start/providers/simplelogin: the engine's provider.
export * from "@gatehousejs/core/providers/simplelogin"
export { default } from "@gatehousejs/core/providers/simplelogin"
