/**
 * The stylesheet of the built-in pages, inlined in a `<style>` element whose hash the CSP allows. System fonts only:
 * the pages load nothing from anywhere. Colours meet WCAG AA contrast (4.5:1 for text) in both schemes, and every
 * interactive element has a visible `:focus-visible` outline.
 *
 * `--brand-color` and `--button-text-color` come from `theme` (see `layout.ts`); `--provider-brand`, `--provider-text`
 * and their `-dark` twins from each OAuth provider's `style` (see `provider-forms.ts`).
 */

const light = `
  --color-background: #f3f4f6;
  --color-card: #ffffff;
  --color-card-border: #e5e7eb;
  --color-text: #111827;
  --color-muted: #4b5563;
  --color-control-border: #9ca3af;
  --color-input: #ffffff;
  --color-button: #ffffff;
  --color-button-hover: #f3f4f6;
  --color-separator: #d1d5db;
  --color-brand: #2563eb;
  --color-focus: #1d4ed8;
  --color-link: #1d4ed8;
  --color-error-background: #fef3f2;
  --color-error-border: #fda29b;
  --color-error-text: #b42318;
  color-scheme: light;`

const dark = `
  --color-background: #0b0f14;
  --color-card: #161b22;
  --color-card-border: #30363d;
  --color-text: #f0f3f6;
  --color-muted: #9ea7b3;
  --color-control-border: #6e7681;
  --color-input: #0d1117;
  --color-button: #21262d;
  --color-button-hover: #30363d;
  --color-separator: #30363d;
  --color-brand: #2563eb;
  --color-focus: #79c0ff;
  --color-link: #79c0ff;
  --color-error-background: #3d1214;
  --color-error-border: #b42318;
  --color-error-text: #ffd7d5;
  color-scheme: dark;`

// A provider's own dark look (`bgDark`, `textDark`); `provider-forms.ts` sets both sets of properties on every button.
const darkButton = `
    --provider-fill: var(--provider-brand-dark);
    --provider-color: var(--provider-text-dark);`

/** The base stylesheet; `layout.ts` appends the theme's custom properties. */
export const baseCss = `
.__gatehouse-theme-light, .__gatehouse-theme-auto {${light}
}
.__gatehouse-theme-dark {${dark}
}
@media (prefers-color-scheme: dark) {
  .__gatehouse-theme-auto {${dark}
  }
  .__gatehouse-theme-auto .button-brand {${darkButton}
  }
  .__gatehouse-theme-auto .logo-light { display: none; }
  .__gatehouse-theme-auto .logo-dark { display: block; }
}
.__gatehouse-theme-dark .button-brand {${darkButton}
}
.__gatehouse-theme-dark .logo-light { display: none; }
.__gatehouse-theme-dark .logo-dark { display: block; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  background: var(--color-background);
  color: var(--color-text);
  font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    sans-serif;
}
.page { width: 100%; max-width: 26rem; padding: 2rem 1rem; }
.logo { display: block; margin: 0 auto 1.5rem; max-width: 150px; max-height: 70px; }
.card {
  background: var(--color-card);
  border: 1px solid var(--color-card-border);
  border-radius: 1rem;
  padding: 1.75rem 1.5rem;
  text-align: center;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.08);
}
h1 { margin: 0 0 1.25rem; font-size: 1.5rem; font-weight: 600; line-height: 1.25; }
p { margin: 0 0 1rem; }
.message { color: var(--color-muted); margin-bottom: 1.5rem; }
.message p:last-child, .card > :last-child { margin-bottom: 0; }
form { margin: 0; }
label { display: block; margin: 0 0 0.25rem; text-align: left; font-weight: 500; }
input {
  display: block;
  width: 100%;
  margin: 0 0 0.75rem;
  padding: 0.625rem 0.875rem;
  font: inherit;
  color: var(--color-text);
  background: var(--color-input);
  border: 1px solid var(--color-control-border);
  border-radius: 0.5rem;
}
input::placeholder { color: var(--color-muted); opacity: 1; }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.625rem 1rem;
  font: inherit;
  font-weight: 500;
  line-height: 1.25;
  text-decoration: none;
  cursor: pointer;
  color: var(--color-text);
  background: var(--color-button);
  border: 1px solid var(--color-control-border);
  border-radius: 0.5rem;
}
.button:hover { background: var(--color-button-hover); }
.button img { width: 1.5rem; height: 1.5rem; flex: none; }
.button-primary {
  color: var(--button-text-color, #fff);
  background: var(--brand-color, var(--color-brand));
  border-color: transparent;
}
.button-primary:hover { background: var(--brand-color, var(--color-brand)); filter: brightness(0.9); }
.button-brand { --provider-fill: var(--provider-brand); --provider-color: var(--provider-text); }
.button-brand, .button-brand:hover { color: var(--provider-color); background: var(--provider-fill); }
.button-brand:hover { filter: brightness(0.9); }
.logo-dark { display: none; }
.button-outline { border: 2px solid var(--provider-brand); }
:focus-visible { outline: 3px solid var(--color-focus); outline-offset: 2px; }
input:focus-visible { outline-offset: 0; border-color: var(--color-focus); }
.provider + .provider { margin-top: 0.75rem; }
.divider {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
  color: var(--color-muted);
  font-size: 0.875rem;
}
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--color-separator); }
.rule { margin: 1rem 0; border: 0; border-top: 1px solid var(--color-separator); }
.alert {
  margin: 0 0 1.5rem;
  padding: 0.75rem 1rem;
  text-align: left;
  color: var(--color-error-text);
  background: var(--color-error-background);
  border: 1px solid var(--color-error-border);
  border-radius: 0.5rem;
}
.alert p { margin: 0; }
.site { color: var(--color-link); }
.notice {
  margin: 0 0 1.5rem;
  padding: 0.75rem 1rem;
  text-align: left;
  background: var(--color-background);
  border: 1px solid var(--color-separator);
  border-radius: 0.5rem;
}
.notice p { margin: 0; }
/* A session's dates and addresses need more room than a sign-in form; where :has() is unknown the page stays narrow. */
.page:has(.session-list) { max-width: 34rem; }
.session-list { margin: 0 0 1.5rem; padding: 0; list-style: none; text-align: left; }
/* The button sits beside the details, and below them when the card is too narrow for both (a phone). */
.session {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
  padding: 1rem 0;
  border-top: 1px solid var(--color-separator);
}
.session:first-child { padding-top: 0; border-top: 0; }
.session-info { flex: 1 1 14rem; min-width: 0; }
.session-info p { margin: 0; overflow-wrap: anywhere; }
.session-device { font-weight: 600; }
.session-meta { color: var(--color-muted); font-size: 0.875rem; }
.session form { flex: none; }
.badge {
  display: inline-block;
  margin-left: 0.25rem;
  padding: 0 0.5rem;
  font-size: 0.75rem;
  line-height: 1.5rem;
  vertical-align: 0.0625rem;
  white-space: nowrap;
  border-radius: 999px;
  color: var(--button-text-color, #fff);
  background: var(--brand-color, var(--color-brand));
}
.button-small { width: auto; min-height: 2.25rem; padding: 0.375rem 0.875rem; font-size: 0.875rem; }
`
