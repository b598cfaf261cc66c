import { SessionProvider } from "@gatehousejs/next/react"
import { auth } from "@/auth"
import { ClientExample } from "@/components/client-example"

/** `SessionProvider` primed with the server's session, so the client component starts without a fetch. */
export default async function ClientExamplePage() {
  const session = await auth()
  return (
    <SessionProvider session={session}>
      <ClientExample />
    </SessionProvider>
  )
}
