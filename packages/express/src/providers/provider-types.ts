// @auth/express/providers/provider-types, as @gatehousejs/express/providers/provider-types: types only.
export type * from "@gatehousejs/core/providers/provider-types"
