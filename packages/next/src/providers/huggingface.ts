// next-auth/providers/huggingface, as @gatehousejs/next/providers/huggingface: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/huggingface"
export { default } from "@gatehousejs/core/providers/huggingface"
