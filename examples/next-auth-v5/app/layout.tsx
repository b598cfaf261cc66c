import type { Metadata } from "next"
import type { ReactNode } from "react"
import { Footer } from "@/components/footer"
import { Header } from "@/components/header"
import "./globals.css"

export const metadata: Metadata = {
  title: "next-auth v5 app on Gatehouse",
  description: "A Next.js app written against the Auth.js (next-auth v5) API, running on Gatehouse.",
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Header />
        <main>{children}</main>
        <Footer />
      </body>
    </html>
  )
}
