// @auth/express/providers/bankid-no, as @gatehousejs/express/providers/bankid-no: the engine's provider.
export * from "@gatehousejs/core/providers/bankid-no"
export { default } from "@gatehousejs/core/providers/bankid-no"
