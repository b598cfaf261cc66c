// @auth/solid-start/providers/oauth, as @gatehousejs/solid-start/providers/oauth: types only.
export type * from "@gatehousejs/core/providers/oauth"
