// @auth/sveltekit/providers/vk, as @gatehousejs/sveltekit/providers/vk: the engine's provider.
export * from "@gatehousejs/core/providers/vk"
export { default } from "@gatehousejs/core/providers/vk"
