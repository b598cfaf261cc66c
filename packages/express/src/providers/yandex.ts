// @auth/express/providers/yandex, as @gatehousejs/express/providers/yandex: the engine's provider.
export * from "@gatehousejs/core/providers/yandex"
export { default } from "@gatehousejs/core/providers/yandex"
