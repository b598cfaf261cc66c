// @auth/solid-start/providers/provider-types, as @gatehousejs/solid-start/providers/provider-types: types only.
export type * from "@gatehousejs/core/providers/provider-types"
