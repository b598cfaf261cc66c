// next-auth/providers/threads, as @gatehousejs/next/providers/threads: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/threads"
export { default } from "@gatehousejs/core/providers/threads"
