// @auth/sveltekit/providers/line, as @gatehousejs/sveltekit/providers/line: the engine's provider.
export * from "@gatehousejs/core/providers/line"
export { default } from "@gatehousejs/core/providers/line"
