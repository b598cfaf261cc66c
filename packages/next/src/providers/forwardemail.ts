// next-auth/providers/forwardemail, as @gatehousejs/next/providers/forwardemail: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/forwardemail"
export { default } from "@gatehousejs/core/providers/forwardemail"
