// @auth/sveltekit/providers/onelogin, as @gatehousejs/sveltekit/providers/onelogin: the engine's provider.
export * from "@gatehousejs/core/providers/onelogin"
export { default } from "@gatehousejs/core/providers/onelogin"
