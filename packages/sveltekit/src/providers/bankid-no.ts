// @auth/sveltekit/providers/bankid-no, as @gatehousejs/sveltekit/providers/bankid-no: the engine's provider.
export * from "@gatehousejs/core/providers/bankid-no"
export { default } from "@gatehousejs/core/providers/bankid-no"
