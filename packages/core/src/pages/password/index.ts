/**
 * The pages of the `Password` provider: sign-up, confirming the address, forgot and reset, change. Loaded only when one
 * of them is rendered (`passwords/pages.ts` imports this module on first use).
 */
export { renderChangePassword, type ChangePasswordPageParams } from "./change-password-page.js"
export { renderForgotPassword, type ForgotPasswordPageParams } from "./forgot-password-page.js"
export { isPasswordError } from "./password-page-parts.js"
export { renderResetPassword, type ResetPasswordPageParams } from "./reset-password-page.js"
export { renderSignUp, type SignUpPageParams } from "./signup-page.js"
export { renderVerifyEmail, type VerifyEmailPageParams } from "./verify-email-page.js"
