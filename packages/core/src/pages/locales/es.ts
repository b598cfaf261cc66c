import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Intenta iniciar sesión con otra cuenta."

/** Spanish (neutral, «tú», as most sign-in pages in Spanish address their visitors). */
export const es: Messages = {
  signIn: {
    title: "Iniciar sesión",
    heading: "Iniciar sesión",
    withProvider: (name) => `Iniciar sesión con ${name}`,
    withEmail: "Iniciar sesión con correo electrónico",
    withCredentials: "Iniciar sesión",
    withPasskey: "Iniciar sesión con una llave de acceso",
    emailLabel: "Correo electrónico",
    emailPlaceholder: "email@example.com",
    or: "o",
    webAuthnFailed: "No se pudo iniciar sesión con la llave de acceso. Vuelve a intentarlo o elige otra forma de iniciar sesión.",
    webAuthnRegister: "Crear una llave de acceso",
    webAuthnCheckEmail: "Revisa tu correo para terminar de configurar tu llave de acceso: abre en este navegador el enlace que enviamos a esa dirección.",
    webAuthnSignInFirst: "Para añadir una llave de acceso, primero inicia sesión y después añade una llave de acceso a tu cuenta.",
    tooManyEmails: (seconds) => `Se enviaron demasiados correos de inicio de sesión a esta dirección. Vuelve a intentarlo en ${seconds} s.`,
    tooManyAttempts: (seconds) => `Demasiados intentos de inicio de sesión. Vuelve a intentarlo en ${seconds} s.`,
    errors: {
      default: "No se pudo iniciar sesión.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "Se canceló el inicio de sesión o no se completó. Vuelve a intentarlo o elige otra forma de iniciar sesión.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Para confirmar tu identidad, inicia sesión con la misma cuenta que usaste la primera vez.",
      EmailSignin: "No se pudo enviar el correo.",
      CredentialsSignin: "No se pudo iniciar sesión. Comprueba que los datos que introdujiste sean correctos.",
      SessionRequired: "Inicia sesión para acceder a esta página.",
      MissingCSRF: "El formulario de inicio de sesión caducó. Vuelve a cargar la página e inténtalo de nuevo.",
    },
  },
  signOut: {
    title: "Cerrar sesión",
    heading: "Cerrar sesión",
    question: "¿Seguro que quieres cerrar sesión?",
    button: "Cerrar sesión",
  },
  error: {
    title: "Error",
    signInLink: "Iniciar sesión",
    backToSignIn: "Volver al inicio de sesión",
    pages: {
      default: {
        heading: "Error",
        paragraphs: [
          "Algo salió mal al iniciar sesión.",
        ],
      },
      Configuration: {
        heading: "Error del servidor",
        paragraphs: [
          "Hay un problema con la configuración del servidor.",
          "Consulta los registros del servidor para obtener más información.",
        ],
      },
      AccessDenied: {
        heading: "Acceso denegado",
        paragraphs: [
          "No tienes permiso para iniciar sesión.",
        ],
      },
      Verification: {
        heading: "No se pudo iniciar sesión",
        paragraphs: [
          "El enlace de inicio de sesión ya no es válido.",
          "Es posible que ya se haya usado o que haya caducado.",
        ],
      },
      SignOutError: {
        heading: "No se completó el cierre de sesión",
        paragraphs: [
          "Este navegador cerró la sesión, pero el servidor no pudo terminar tu sesión: seguirá siendo válida hasta que caduque.",
          "Si crees que otra persona podría estar usando tu cuenta, ponte en contacto con el soporte del sitio.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Revisa tu correo",
    heading: "Revisa tu correo",
    message: "Enviamos un enlace de inicio de sesión a tu dirección de correo electrónico.",
  },
  sessions: {
    title: "Tus sesiones",
    heading: "Tus sesiones",
    thisDevice: "Este dispositivo",
    browserOn: (browser, os) => `${browser} en ${os}`,
    unknownDevice: "Dispositivo desconocido",
    ipAddress: (ip) => `Dirección IP ${ip}`,
    signedIn: (date) => `Inicio de sesión: ${date}`,
    lastActive: (date) => `Última actividad: ${date}`,
    revoke: "Cerrar sesión",
    revokeOthers: "Cerrar todas las demás sesiones",
    onlySession: "Esta es tu única sesión.",
    revoked: plural("es", {
      one: (n) => `Se cerró ${n} sesión más.`,
      other: (n) => `Se cerraron ${n} sesiones más.`,
    }),
    notFound: "No se encontró esa sesión.",
    signedOut: "No has iniciado sesión en este dispositivo, así que no hay sesiones que mostrar. Inicia sesión para ver dónde tienes la sesión iniciada.",
    signIn: "Iniciar sesión",
    notRecorded: "Este sitio no registra los inicios de sesión de tu cuenta (se gestiona fuera del sitio), así que no puede mostrarlos ni cerrarlos desde aquí. Para terminar una sesión, ciérrala en ese dispositivo.",
    unsupported: "Este sitio no guarda una lista de tus inicios de sesión, así que no hay sesiones que mostrar. Para terminar una sesión, ciérrala en ese dispositivo.",
    unavailable: "Ahora no se pueden mostrar tus sesiones: el sitio no pudo acceder al almacén donde se guardan. Vuelve a intentarlo en un momento.",
    empty: "No se encontró ninguna sesión, ni siquiera la de este dispositivo: puede que acabe de terminar. Recarga la página para comprobarlo.",
  },
  backToSite: "Volver al sitio",
  logoAlt: "Logotipo",
}
