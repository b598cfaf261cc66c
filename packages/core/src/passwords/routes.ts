/** The handlers the route table names for the `Password` provider, loaded together on first use. */
export { signUp } from "./sign-up.js"
export { verifyEmail } from "./verify-email.js"
export { forgotPassword, resetPassword } from "./reset.js"
export { changePassword } from "./change.js"
export { changePage, forgotPage, resetPage, signUpPage, verifyEmailPage } from "./pages.js"
export { refusalPage } from "./refusal-page.js"
