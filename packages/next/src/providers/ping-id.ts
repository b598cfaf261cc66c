// next-auth/providers/ping-id, as @gatehousejs/next/providers/ping-id: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/ping-id"
export { default } from "@gatehousejs/core/providers/ping-id"
