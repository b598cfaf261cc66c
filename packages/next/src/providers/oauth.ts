// next-auth/providers/oauth, as @gatehousejs/next/providers/oauth: types only (README: "Imports").
export type * from "@gatehousejs/core/providers/oauth"
