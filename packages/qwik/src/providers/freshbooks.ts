// @auth/qwik/providers/freshbooks, as @gatehousejs/qwik/providers/freshbooks: the engine's provider.
export * from "@gatehousejs/core/providers/freshbooks"
export { default } from "@gatehousejs/core/providers/freshbooks"
