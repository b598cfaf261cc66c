// @auth/sveltekit/providers/yandex, as @gatehousejs/sveltekit/providers/yandex: the engine's provider.
export * from "@gatehousejs/core/providers/yandex"
export { default } from "@gatehousejs/core/providers/yandex"
