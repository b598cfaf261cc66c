// next-auth/providers/slack, as @gatehousejs/next/providers/slack: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/slack"
export { default } from "@gatehousejs/core/providers/slack"
