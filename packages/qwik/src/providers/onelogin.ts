// @auth/qwik/providers/onelogin, as @gatehousejs/qwik/providers/onelogin: the engine's provider.
export * from "@gatehousejs/core/providers/onelogin"
export { default } from "@gatehousejs/core/providers/onelogin"
