// @auth/qwik/providers/simplelogin, as @gatehousejs/qwik/providers/simplelogin: the engine's provider.
export * from "@gatehousejs/core/providers/simplelogin"
export { default } from "@gatehousejs/core/providers/simplelogin"
