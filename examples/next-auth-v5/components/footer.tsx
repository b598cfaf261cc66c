import packageJSON from "@gatehousejs/next/package.json"

/** The footer names the auth package and its version, read from its package.json as the Auth.js example does. */
export function Footer() {
  return (
    <footer className="site-footer">
      <span>Written against the Auth.js (next-auth v5) API.</span>
      <span data-testid="auth-package">
        {packageJSON.name} {packageJSON.version}
      </span>
    </footer>
  )
}
