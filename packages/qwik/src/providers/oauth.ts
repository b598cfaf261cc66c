// @auth/qwik/providers/oauth, as @gatehousejs/qwik/providers/oauth: types only.
export type * from "@gatehousejs/core/providers/oauth"
