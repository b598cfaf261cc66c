// SvelteKit's configuration: adapter-node builds a Node.js server into `build/` (`node build`, run by `npm start`).
import adapter from "@sveltejs/adapter-node"

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    adapter: adapter({ out: "build" }),
  },
}
