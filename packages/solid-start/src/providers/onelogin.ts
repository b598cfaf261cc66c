// @auth/solid-start/providers/onelogin, as @gatehousejs/solid-start/providers/onelogin: the engine's provider.
export * from "@gatehousejs/core/providers/onelogin"
export { default } from "@gatehousejs/core/providers/onelogin"
