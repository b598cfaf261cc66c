// @auth/qwik/providers/yandex, as @gatehousejs/qwik/providers/yandex: the engine's provider.
export * from "@gatehousejs/core/providers/yandex"
export { default } from "@gatehousejs/core/providers/yandex"
