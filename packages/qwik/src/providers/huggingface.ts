// @auth/qwik/providers/huggingface, as @gatehousejs/qwik/providers/huggingface: the engine's provider.
export * from "@gatehousejs/core/providers/huggingface"
export { default } from "@gatehousejs/core/providers/huggingface"
