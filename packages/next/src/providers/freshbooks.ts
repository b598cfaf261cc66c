// next-auth/providers/freshbooks, as @gatehousejs/next/providers/freshbooks: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/freshbooks"
export { default } from "@gatehousejs/core/providers/freshbooks"
