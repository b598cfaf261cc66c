// @auth/sveltekit/providers/simplelogin, as @gatehousejs/sveltekit/providers/simplelogin: the engine's provider.
export * from "@gatehousejs/core/providers/simplelogin"
export { default } from "@gatehousejs/core/providers/simplelogin"
