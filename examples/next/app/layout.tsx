import type { Metadata } from "next"
import Link from "next/link"
import type { ReactNode } from "react"
import "./globals.css"

export const metadata: Metadata = {
  title: "Gatehouse on Next.js",
  description: "@gatehousejs/next in an App Router app: server components, proxy.ts, server actions and useSession.",
}

/**
 * The root layout reads no session: with Cache Components (next.config.ts), an `await auth()` here, outside any
 * <Suspense>, would hold every page behind the request and fail `next build` ("Uncached data was accessed outside of
 * <Suspense>"). The pages read it inside a boundary instead, and hand it to `SessionProvider` there.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            Gatehouse <span>on Next.js</span>
          </Link>
          <nav aria-label="Main">
            <Link href="/">Home</Link>
            <Link href="/dashboard">Dashboard</Link>
            <Link href="/outbox">Outbox</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}
