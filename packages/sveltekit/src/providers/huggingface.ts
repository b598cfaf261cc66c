// @auth/sveltekit/providers/huggingface, as @gatehousejs/sveltekit/providers/huggingface: the engine's provider.
export * from "@gatehousejs/core/providers/huggingface"
export { default } from "@gatehousejs/core/providers/huggingface"
