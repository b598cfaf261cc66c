// @auth/express/providers/huggingface, as @gatehousejs/express/providers/huggingface: the engine's provider.
export * from "@gatehousejs/core/providers/huggingface"
export { default } from "@gatehousejs/core/providers/huggingface"
