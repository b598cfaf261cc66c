// @gatehousejs/sveltekit/providers/oauth: types only, as the engine's module.
export type * from "@gatehousejs/core/providers/oauth"
