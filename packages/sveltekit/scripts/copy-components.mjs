/**
 * The second step of `npm run build`: `tsc` compiles the TypeScript; the Svelte components are shipped as source (the
 * app's build compiles them, as with every Svelte library) with their hand-written types, copied into `dist/`.
 */
import { copyFileSync, readdirSync } from "node:fs"

const from = new URL("../src/components/", import.meta.url)
const to = new URL("../dist/components/", import.meta.url)
for (const file of readdirSync(from)) {
  if (file.endsWith(".svelte") || file.endsWith(".svelte.d.ts")) copyFileSync(new URL(file, from), new URL(file, to))
}
