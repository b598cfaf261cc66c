/**
 * `$env/dynamic/private` as SvelteKit declares it for an app (in the generated `.svelte-kit/ambient.d.ts`, which this
 * package has no app to generate): the server's environment, read at run time. The `$app/*` modules are declared by
 * `@sveltejs/kit` itself. At run time the app's Vite build resolves all of them (the package is bundled, not
 * externalised, because it depends on `@sveltejs/kit`); the tests mock them (test/helpers/sveltekit-modules.ts).
 */
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>
}
