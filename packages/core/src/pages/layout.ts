/**
 * The document shell shared by the pages: `<head>` with charset, viewport, title and the one inline stylesheet,
 * `<body>` with the theme class, the card with the optional logo, and the security headers whose CSP allows exactly
 * that stylesheet.
 */
import { contrastingTextColor, safeCssColor, safeLogoSource } from "./css-values.js"
import { escapeHtml } from "./escape.js"
import { pageHeaders, type FormActionSources } from "./headers.js"
import { messagesFor } from "./locales/index.js"
import { cspHashSource } from "./sha256.js"
import { baseCss } from "./styles.js"
import type { HtmlPage, PageContext } from "./types.js"

export interface PageParts {
  status: number
  /** Plain text; escaped here. */
  title: string
  /** Class of the card, naming the page: "signin", "signout", "error", "verify-request". */
  pageClass: string
  /** The card's inner HTML. Every interpolated value in it must already be escaped. */
  content: string
  /** Page-specific CSS built only from validated values. */
  css?: string
  formAction: FormActionSources
  /** Inline scripts, allowed by hash; none may contain `</script`. */
  scripts?: readonly string[]
  /** URL prefixes the scripts may fetch (CSP `connect-src`). */
  connect?: readonly string[]
}

const colorSchemes = new Set(["auto", "dark", "light"])

/** Wraps a page's content in the document and attaches the security headers. */
export function renderDocument(ctx: PageContext, parts: PageParts): HtmlPage {
  const css = baseCss + themeCss(ctx.theme) + (parts.css ?? "")
  const scheme = colorSchemes.has(ctx.theme.colorScheme) ? ctx.theme.colorScheme : "auto"
  // http: was already refused in production when the config was resolved (it warns there, once).
  const logo = safeLogoSource(ctx.theme.logo, { allowHttp: true })
  const logoHtml = logo
    ? `<img class="logo" src="${escapeHtml(logo.src)}" alt="${escapeHtml(messagesFor(ctx.locale).logoAlt)}">`
    : ""

  const html = [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(ctx.locale)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(parts.title)}</title>`,
    // The hash in the CSP is computed over exactly this text content, so nothing may be inserted inside the element.
    `<style>${css}</style>`,
    "</head>",
    `<body class="__gatehouse-theme-${scheme}">`,
    '<main class="page">',
    `<div class="card ${escapeHtml(parts.pageClass)}">`,
    logoHtml,
    parts.content,
    "</div>",
    "</main>",
    ...(parts.scripts ?? []).map((script) => `<script>${script}</script>`),
    "</body>",
    "</html>",
  ].join("\n")

  return {
    status: parts.status,
    html,
    headers: pageHeaders({
      styleHash: cspHashSource(css),
      formAction: parts.formAction,
      scriptHashes: parts.scripts?.map(cspHashSource),
      connect: parts.connect,
      images: logo?.origin ? [logo.origin] : [],
    }),
  }
}

/** The theme's colours as custom properties; invalid values are dropped, so they cannot inject CSS. */
function themeCss(theme: PageContext["theme"]): string {
  const brand = safeCssColor(theme.brandColor)
  const buttonText = safeCssColor(theme.buttonText) ?? (brand ? contrastingTextColor(brand) : undefined)
  const declarations = [
    brand ? `--brand-color: ${brand};` : "",
    buttonText ? `--button-text-color: ${buttonText};` : "",
  ].filter(Boolean)
  return declarations.length ? `:root { ${declarations.join(" ")} }\n` : ""
}
