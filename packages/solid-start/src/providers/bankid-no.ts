// @auth/solid-start/providers/bankid-no, as @gatehousejs/solid-start/providers/bankid-no: the engine's provider.
export * from "@gatehousejs/core/providers/bankid-no"
export { default } from "@gatehousejs/core/providers/bankid-no"
