// @auth/solid-start/providers/yandex, as @gatehousejs/solid-start/providers/yandex: the engine's provider.
export * from "@gatehousejs/core/providers/yandex"
export { default } from "@gatehousejs/core/providers/yandex"
