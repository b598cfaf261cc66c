// @auth/sveltekit/providers/threads, as @gatehousejs/sveltekit/providers/threads: the engine's provider.
export * from "@gatehousejs/core/providers/threads"
export { default } from "@gatehousejs/core/providers/threads"
