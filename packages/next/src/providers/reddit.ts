// next-auth/providers/reddit, as @gatehousejs/next/providers/reddit: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/reddit"
export { default } from "@gatehousejs/core/providers/reddit"
