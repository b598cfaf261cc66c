// Gatehouse's hook: the endpoints under /auth, and `event.locals.auth()` for every load and action.
export { handle } from "./auth"
