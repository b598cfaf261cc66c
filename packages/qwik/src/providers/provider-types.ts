// @auth/qwik/providers/provider-types, as @gatehousejs/qwik/providers/provider-types: types only.
export type * from "@gatehousejs/core/providers/provider-types"
