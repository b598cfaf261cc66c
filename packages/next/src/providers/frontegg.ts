// next-auth/providers/frontegg, as @gatehousejs/next/providers/frontegg: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/frontegg"
export { default } from "@gatehousejs/core/providers/frontegg"
