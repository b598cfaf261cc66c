import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Versuchen Sie, sich mit einem anderen Konto anzumelden."

/** German (formal „Sie“, as German sign-in pages address their visitors). */
export const de: Messages = {
  signIn: {
    title: "Anmelden",
    heading: "Anmelden",
    withProvider: (name) => `Mit ${name} anmelden`,
    withEmail: "Mit E-Mail anmelden",
    withCredentials: "Anmelden",
    withPasskey: "Mit Passkey anmelden",
    emailLabel: "E-Mail-Adresse",
    emailPlaceholder: "email@example.com",
    or: "oder",
    webAuthnFailed: "Die Anmeldung mit einem Passkey hat nicht funktioniert. Versuchen Sie es erneut oder wählen Sie eine andere Anmeldemethode.",
    webAuthnRegister: "Passkey erstellen",
    webAuthnCheckEmail: "Prüfen Sie Ihre E-Mails, um die Einrichtung Ihres Passkeys abzuschließen: Öffnen Sie den Link, den wir an diese Adresse gesendet haben, in diesem Browser.",
    webAuthnSignInFirst: "Um einen Passkey hinzuzufügen, melden Sie sich zuerst an und fügen Sie dann einen Passkey zu Ihrem Konto hinzu.",
    tooManyEmails: (seconds) => `An diese Adresse wurden zu viele Anmelde-E-Mails gesendet. Versuchen Sie es in ${seconds} s erneut.`,
    tooManyAttempts: (seconds) => `Zu viele Anmeldeversuche. Versuchen Sie es in ${seconds} s erneut.`,
    errors: {
      default: "Anmeldung nicht möglich.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "Die Anmeldung wurde abgebrochen oder nicht abgeschlossen. Versuchen Sie es erneut oder wählen Sie eine andere Anmeldemethode.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an, das Sie ursprünglich verwendet haben.",
      EmailSignin: "Die E-Mail konnte nicht gesendet werden.",
      CredentialsSignin: "Anmeldung fehlgeschlagen. Prüfen Sie, ob Ihre Angaben korrekt sind.",
      SessionRequired: "Bitte melden Sie sich an, um diese Seite aufzurufen.",
      MissingCSRF: "Das Anmeldeformular ist abgelaufen. Laden Sie die Seite neu und versuchen Sie es erneut.",
    },
  },
  signOut: {
    title: "Abmelden",
    heading: "Abmelden",
    question: "Möchten Sie sich wirklich abmelden?",
    button: "Abmelden",
  },
  error: {
    title: "Fehler",
    signInLink: "Anmelden",
    backToSignIn: "Zurück zur Anmeldung",
    pages: {
      default: {
        heading: "Fehler",
        paragraphs: [
          "Bei der Anmeldung ist ein Fehler aufgetreten.",
        ],
      },
      Configuration: {
        heading: "Serverfehler",
        paragraphs: [
          "Bei der Serverkonfiguration liegt ein Problem vor.",
          "Weitere Informationen finden Sie in den Serverprotokollen.",
        ],
      },
      AccessDenied: {
        heading: "Zugriff verweigert",
        paragraphs: [
          "Sie sind nicht berechtigt, sich anzumelden.",
        ],
      },
      Verification: {
        heading: "Anmeldung nicht möglich",
        paragraphs: [
          "Der Anmeldelink ist nicht mehr gültig.",
          "Möglicherweise wurde er bereits verwendet oder ist abgelaufen.",
        ],
      },
      SignOutError: {
        heading: "Abmeldung nicht abgeschlossen",
        paragraphs: [
          "Dieser Browser ist abgemeldet, aber der Server konnte Ihre Sitzung nicht beenden: Sie bleibt gültig, bis sie abläuft.",
          "Falls jemand anderes Ihr Konto verwenden könnte, wenden Sie sich an den Support der Website.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "E-Mails prüfen",
    heading: "Prüfen Sie Ihre E-Mails",
    message: "Wir haben einen Anmeldelink an Ihre E-Mail-Adresse gesendet.",
  },
  sessions: {
    title: "Ihre Sitzungen",
    heading: "Ihre Sitzungen",
    thisDevice: "Dieses Gerät",
    browserOn: (browser, os) => `${browser} auf ${os}`,
    unknownDevice: "Unbekanntes Gerät",
    ipAddress: (ip) => `IP-Adresse ${ip}`,
    signedIn: (date) => `Angemeldet: ${date}`,
    lastActive: (date) => `Zuletzt aktiv: ${date}`,
    revoke: "Abmelden",
    revokeOthers: "Alle anderen Sitzungen beenden",
    onlySession: "Dies ist Ihre einzige Sitzung.",
    revoked: plural("de", {
      one: (n) => `${n} andere Sitzung wurde beendet.`,
      other: (n) => `${n} andere Sitzungen wurden beendet.`,
    }),
    notFound: "Diese Sitzung wurde nicht gefunden.",
    signedOut: "Sie sind auf diesem Gerät nicht angemeldet, daher gibt es keine Sitzungen anzuzeigen. Melden Sie sich an, um zu sehen, wo Sie überall angemeldet sind.",
    signIn: "Anmelden",
    notRecorded: "Diese Website zeichnet Anmeldungen bei Ihrem Konto nicht auf (es wird außerhalb der Website verwaltet), daher kann sie sie hier weder auflisten noch beenden. Um eine Sitzung zu beenden, melden Sie sich auf dem jeweiligen Gerät ab.",
    unsupported: "Diese Website führt keine Liste Ihrer Anmeldungen, daher gibt es keine Sitzungen anzuzeigen. Um eine Sitzung zu beenden, melden Sie sich auf dem jeweiligen Gerät ab.",
    unavailable: "Ihre Sitzungen können gerade nicht angezeigt werden: Die Website hat den Speicher, in dem sie liegen, nicht erreicht. Versuchen Sie es gleich noch einmal.",
    empty: "Es wurden keine Sitzungen gefunden, auch nicht die dieses Geräts: Sie wurde möglicherweise gerade beendet. Laden Sie die Seite neu, um es zu prüfen.",
  },
  backToSite: "Zurück zur Website",
  logoAlt: "Logo",
}
