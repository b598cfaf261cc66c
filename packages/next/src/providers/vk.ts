// next-auth/providers/vk, as @gatehousejs/next/providers/vk: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/vk"
export { default } from "@gatehousejs/core/providers/vk"
