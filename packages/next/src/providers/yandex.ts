// next-auth/providers/yandex, as @gatehousejs/next/providers/yandex: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/yandex"
export { default } from "@gatehousejs/core/providers/yandex"
