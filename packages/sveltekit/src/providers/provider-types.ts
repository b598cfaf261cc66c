// @gatehousejs/sveltekit/providers/provider-types: types only, as the engine's module.
export type * from "@gatehousejs/core/providers/provider-types"
