// @auth/express/providers/oauth, as @gatehousejs/express/providers/oauth: types only.
export type * from "@gatehousejs/core/providers/oauth"
