// next-auth/providers/bankid-no, as @gatehousejs/next/providers/bankid-no: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/bankid-no"
export { default } from "@gatehousejs/core/providers/bankid-no"
