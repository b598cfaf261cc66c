// @auth/qwik/providers/vk, as @gatehousejs/qwik/providers/vk: the engine's provider.
export * from "@gatehousejs/core/providers/vk"
export { default } from "@gatehousejs/core/providers/vk"
