// @auth/solid-start/providers/huggingface, as @gatehousejs/solid-start/providers/huggingface: the engine's provider.
export * from "@gatehousejs/core/providers/huggingface"
export { default } from "@gatehousejs/core/providers/huggingface"
