// next-auth/providers/provider-types, as @gatehousejs/next/providers/provider-types: types only (README: "Imports").
export type * from "@gatehousejs/core/providers/provider-types"
