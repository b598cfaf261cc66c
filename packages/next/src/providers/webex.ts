// next-auth/providers/webex, as @gatehousejs/next/providers/webex: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/webex"
export { default } from "@gatehousejs/core/providers/webex"
