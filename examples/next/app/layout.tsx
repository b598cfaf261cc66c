import { SessionProvider } from "@gatehousejs/next/react"
import type { Metadata } from "next"
import Link from "next/link"
import type { ReactNode } from "react"
import { auth } from "@/auth"
import "./globals.css"

export const metadata: Metadata = {
  title: "Gatehouse on Next.js",
  description: "@gatehousejs/next in an App Router app: server components, proxy.ts, server actions and useSession.",
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Handing the server's session to the provider: client components start with it instead of fetching it.
  const session = await auth()
  return (
    <html lang="en">
      <body>
        <SessionProvider session={session}>
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
        </SessionProvider>
      </body>
    </html>
  )
}
