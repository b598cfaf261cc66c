// @auth/solid-start/providers/freshbooks, as @gatehousejs/solid-start/providers/freshbooks: the engine's provider.
export * from "@gatehousejs/core/providers/freshbooks"
export { default } from "@gatehousejs/core/providers/freshbooks"
