// Server-side rendering of every page (Qwik's renderToStream), with the client build's manifest.
import { renderToStream, type RenderToStreamOptions } from "@builder.io/qwik/server"
import { manifest } from "@qwik-client-manifest"
import Root from "./root"

export default function (opts: RenderToStreamOptions) {
  return renderToStream(<Root />, { manifest, ...opts, containerAttributes: { lang: "en", ...opts.containerAttributes } })
}
