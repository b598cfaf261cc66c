// next-auth/providers/pipedrive, as @gatehousejs/next/providers/pipedrive: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/pipedrive"
export { default } from "@gatehousejs/core/providers/pipedrive"
