// @auth/sveltekit/providers/freshbooks, as @gatehousejs/sveltekit/providers/freshbooks: the engine's provider.
export * from "@gatehousejs/core/providers/freshbooks"
export { default } from "@gatehousejs/core/providers/freshbooks"
