/** A nodemailer transport from a provider's `server`: used by the Nodemailer provider and by `Password`'s mails. */
export interface Transport {
  sendMail(message: Record<string, unknown>): Promise<{ rejected?: unknown[]; pending?: unknown[] }>
}

/** `server` as given when it is a transport; else a transport made from the SMTP URL or options. */
export async function transportOf(server: unknown): Promise<Transport> {
  if (server && typeof server === "object" && typeof (server as Transport).sendMail === "function") return server as Transport
  let nodemailer: { createTransport(options: unknown): Transport }
  try {
    nodemailer = ((await import("nodemailer")) as unknown as { default: typeof nodemailer }).default
  } catch {
    throw new Error("The Nodemailer provider needs the `nodemailer` package: npm install nodemailer")
  }
  return nodemailer.createTransport(server)
}
