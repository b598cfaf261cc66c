/**
 * Hugging Face sign-in ("Sign in with HF") through OpenID Connect, issuer `https://huggingface.co`. The profile is the
 * ID token's claims, completed from the userinfo endpoint when the token carries neither name nor e-mail.
 *
 * Callback URL to register as a redirect URI of the OAuth app (Settings → Connected apps → OAuth apps):
 * `https://example.com/auth/callback/huggingface` (Next.js: `https://example.com/api/auth/callback/huggingface`).
 * Environment variables when `Huggingface` is listed bare in `providers`: `AUTH_HUGGINGFACE_ID`,
 * `AUTH_HUGGINGFACE_SECRET`.
 *
 * @example
 * import Huggingface from "@gatehousejs/core/providers/huggingface"
 *
 * Gatehouse({ providers: [Huggingface] })
 * // Read access to the user's repositories, and one organization's:
 * Huggingface({ authorization: { params: { scope: "openid profile email read-repos", orgIds: "your-org-id" } } })
 *
 * Quirks:
 * - Scope `openid profile email`; every scope requested must be allowed on the OAuth app. `email` is the verified
 *   address (Hugging Face requires verification before granting an app access).
 * - `orgs` lists the user's organizations; with the `read-billing` scope, `canPay` tells whether a payment method is
 *   set.
 * - Checks `state` and `pkce`, as Auth.js.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Hugging Face's ID token and userinfo (https://huggingface.co/docs/hub/oauth). */
export interface HuggingfaceProfile {
  sub: string
  /** Full name (scope `profile`). */
  name?: string
  /** The Hugging Face username (scope `profile`). */
  preferred_username?: string
  /** The profile page URL (scope `profile`). */
  profile?: string
  /** The avatar URL (scope `profile`). */
  picture?: string
  website?: string
  /** Scope `email`. */
  email?: string
  email_verified?: boolean
  isPro: boolean
  /** Scope `read-billing`. */
  canPay?: boolean
  orgs: Array<{
    sub: string
    name: string
    picture: string
    preferred_username: string
    isEnterprise: boolean
    canPay?: boolean
    roleInOrg?: "admin" | "write" | "read" | "contributor"
    pendingSSO?: boolean
    missingMFA?: boolean
    resourceGroups?: Array<{ sub: string; name: string; role: "read" | "write" | "admin" | "contributor" }>
  }>
}

// The button mark: the Simple Icons "Hugging Face" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12.025%201.13c-5.77%200-10.449%204.647-10.449%2010.378%200%201.112.178%202.181.503%203.185.064-.222.203-.444.416-.577a.96.96%200%200%201%20.524-.15c.293%200%20.584.124.84.284.278.173.48.408.71.694.226.282.458.611.684.951v-.014c.017-.324.106-.622.264-.874s.403-.487.762-.543c.3-.047.596.06.787.203s.31.313.4.467c.15.257.212.468.233.542.01.026.653%201.552%201.657%202.54.616.605%201.01%201.223%201.082%201.912.055.537-.096%201.059-.38%201.572.637.121%201.294.187%201.967.187.657%200%201.298-.063%201.921-.178-.287-.517-.44-1.041-.384-1.581.07-.69.465-1.307%201.081-1.913%201.004-.987%201.647-2.513%201.657-2.539.021-.074.083-.285.233-.542.09-.154.208-.323.4-.467a1.08%201.08%200%200%201%20.787-.203c.359.056.604.29.762.543s.247.55.265.874v.015c.225-.34.457-.67.683-.952.23-.286.432-.52.71-.694.257-.16.547-.284.84-.285a.97.97%200%200%201%20.524.151c.228.143.373.388.43.625l.006.04a10.3%2010.3%200%200%200%20.534-3.273c0-5.731-4.678-10.378-10.449-10.378M8.327%206.583a1.5%201.5%200%200%201%20.713.174%201.487%201.487%200%200%201%20.617%202.013c-.183.343-.762-.214-1.102-.094-.38.134-.532.914-.917.71a1.487%201.487%200%200%201%20.69-2.803m7.486%200a1.487%201.487%200%200%201%20.689%202.803c-.385.204-.536-.576-.916-.71-.34-.12-.92.437-1.103.094a1.487%201.487%200%200%201%20.617-2.013%201.5%201.5%200%200%201%20.713-.174m-10.68%201.55a.96.96%200%201%201%200%201.921.96.96%200%200%201%200-1.92m13.838%200a.96.96%200%201%201%200%201.92.96.96%200%200%201%200-1.92M8.489%2011.458c.588.01%201.965%201.157%203.572%201.164%201.607-.007%202.984-1.155%203.572-1.164.196-.003.305.12.305.454%200%20.886-.424%202.328-1.563%203.202-.22-.756-1.396-1.366-1.63-1.32q-.011.001-.02.006l-.044.026-.01.008-.03.024q-.018.017-.035.036l-.032.04a1%201%200%200%200-.058.09l-.014.025q-.049.088-.11.19a1%201%200%200%201-.083.116%201.2%201.2%200%200%201-.173.18q-.035.029-.075.058a1.3%201.3%200%200%201-.251-.243%201%201%200%200%201-.076-.107c-.124-.193-.177-.363-.337-.444-.034-.016-.104-.008-.2.022q-.094.03-.216.087-.06.028-.125.063l-.13.074q-.067.04-.136.086a3%203%200%200%200-.135.096%203%203%200%200%200-.26.219%202%202%200%200%200-.12.121%202%202%200%200%200-.106.128l-.002.002a2%202%200%200%200-.09.132l-.001.001a1.2%201.2%200%200%200-.105.212q-.013.036-.024.073c-1.139-.875-1.563-2.317-1.563-3.203%200-.334.109-.457.305-.454m.836%2010.354c.824-1.19.766-2.082-.365-3.194-1.13-1.112-1.789-2.738-1.789-2.738s-.246-.945-.806-.858-.97%201.499.202%202.362c1.173.864-.233%201.45-.685.64-.45-.812-1.683-2.896-2.322-3.295s-1.089-.175-.938.647%202.822%202.813%202.562%203.244-1.176-.506-1.176-.506-2.866-2.567-3.49-1.898.473%201.23%202.037%202.16c1.564.932%201.686%201.178%201.464%201.53s-3.675-2.511-4-1.297c-.323%201.214%203.524%201.567%203.287%202.405-.238.839-2.71-1.587-3.216-.642-.506.946%203.49%202.056%203.522%202.064%201.29.33%204.568%201.028%205.713-.624m5.349%200c-.824-1.19-.766-2.082.365-3.194%201.13-1.112%201.789-2.738%201.789-2.738s.246-.945.806-.858.97%201.499-.202%202.362c-1.173.864.233%201.45.685.64.451-.812%201.683-2.896%202.322-3.295s1.089-.175.938.647-2.822%202.813-2.562%203.244%201.176-.506%201.176-.506%202.866-2.567%203.49-1.898-.473%201.23-2.037%202.16c-1.564.932-1.686%201.178-1.464%201.53s3.675-2.511%204-1.297c.323%201.214-3.524%201.567-3.287%202.405.238.839%202.71-1.587%203.216-.642.506.946-3.49%202.056-3.522%202.064-1.29.33-4.568%201.028-5.713-.624'/%3E%3C/svg%3E"

/** The Hugging Face provider: OIDC discovery on `https://huggingface.co`, scope `openid profile email`, checks `state` + `pkce`. */
export default function Huggingface<P extends HuggingfaceProfile = HuggingfaceProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    issuer: "https://huggingface.co",
    checks: ["state", "pkce"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#ffd21e", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
