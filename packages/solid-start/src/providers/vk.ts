// @auth/solid-start/providers/vk, as @gatehousejs/solid-start/providers/vk: the engine's provider.
export * from "@gatehousejs/core/providers/vk"
export { default } from "@gatehousejs/core/providers/vk"
