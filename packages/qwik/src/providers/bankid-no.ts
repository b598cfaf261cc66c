// @auth/qwik/providers/bankid-no, as @gatehousejs/qwik/providers/bankid-no: the engine's provider.
export * from "@gatehousejs/core/providers/bankid-no"
export { default } from "@gatehousejs/core/providers/bankid-no"
