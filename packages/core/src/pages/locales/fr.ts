import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Essayez de vous connecter avec un autre compte."

/** French (« vous »; a no-break space before « ? » and « : », as French typography wants). */
export const fr: Messages = {
  signIn: {
    title: "Connexion",
    heading: "Connexion",
    withProvider: (name) => `Se connecter avec ${name}`,
    withEmail: "Se connecter par e-mail",
    withCredentials: "Se connecter",
    withPasskey: "Se connecter avec une clé d’accès",
    emailLabel: "Adresse e-mail",
    emailPlaceholder: "email@example.com",
    or: "ou",
    webAuthnFailed: "La connexion avec une clé d’accès n’a pas abouti. Réessayez ou choisissez un autre moyen de connexion.",
    webAuthnRegister: "Créer une clé d’accès",
    webAuthnCheckEmail: "Consultez vos e-mails pour terminer la configuration de votre clé d’accès\u00a0: ouvrez dans ce navigateur le lien que nous avons envoyé à cette adresse.",
    webAuthnSignInFirst: "Pour ajouter une clé d’accès, connectez-vous d’abord, puis ajoutez une clé d’accès à votre compte.",
    tooManyEmails: (seconds) => `Trop d’e-mails de connexion ont été envoyés à cette adresse. Réessayez dans ${seconds}\u00a0s.`,
    tooManyAttempts: (seconds) => `Trop de tentatives de connexion. Réessayez dans ${seconds}\u00a0s.`,
    errors: {
      default: "Connexion impossible.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "La connexion a été annulée ou n’a pas abouti. Réessayez ou choisissez un autre moyen de connexion.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Pour confirmer votre identité, connectez-vous avec le compte que vous avez utilisé la première fois.",
      EmailSignin: "L’e-mail n’a pas pu être envoyé.",
      CredentialsSignin: "Échec de la connexion. Vérifiez que les informations saisies sont correctes.",
      SessionRequired: "Veuillez vous connecter pour accéder à cette page.",
      MissingCSRF: "Le formulaire de connexion a expiré. Rechargez la page et réessayez.",
    },
  },
  signOut: {
    title: "Déconnexion",
    heading: "Déconnexion",
    question: "Voulez-vous vraiment vous déconnecter\u00a0?",
    button: "Se déconnecter",
  },
  error: {
    title: "Erreur",
    signInLink: "Se connecter",
    backToSignIn: "Retour à la connexion",
    pages: {
      default: {
        heading: "Erreur",
        paragraphs: [
          "Une erreur s’est produite lors de la connexion.",
        ],
      },
      Configuration: {
        heading: "Erreur du serveur",
        paragraphs: [
          "La configuration du serveur pose problème.",
          "Consultez les journaux du serveur pour en savoir plus.",
        ],
      },
      AccessDenied: {
        heading: "Accès refusé",
        paragraphs: [
          "Vous n’êtes pas autorisé à vous connecter.",
        ],
      },
      Verification: {
        heading: "Connexion impossible",
        paragraphs: [
          "Le lien de connexion n’est plus valide.",
          "Il a peut-être déjà été utilisé ou il a expiré.",
        ],
      },
      SignOutError: {
        heading: "Déconnexion inachevée",
        paragraphs: [
          "Ce navigateur est déconnecté, mais le serveur n’a pas pu mettre fin à votre session\u00a0: elle reste valide jusqu’à son expiration.",
          "Si quelqu’un d’autre est susceptible d’utiliser votre compte, contactez l’assistance du site.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Consultez vos e-mails",
    heading: "Consultez vos e-mails",
    message: "Un lien de connexion a été envoyé à votre adresse e-mail.",
  },
  sessions: {
    title: "Vos sessions",
    heading: "Vos sessions",
    thisDevice: "Cet appareil",
    browserOn: (browser, os) => `${browser} sur ${os}`,
    unknownDevice: "Appareil inconnu",
    ipAddress: (ip) => `Adresse IP ${ip}`,
    signedIn: (date) => `Connexion\u00a0: ${date}`,
    lastActive: (date) => `Dernière activité\u00a0: ${date}`,
    revoke: "Déconnecter",
    revokeOthers: "Déconnecter toutes les autres sessions",
    onlySession: "C’est votre seule session.",
    // French counts 0 as singular: « 0 autre session a été déconnectée ».
    revoked: plural("fr", {
      one: (n) => `${n} autre session a été déconnectée.`,
      other: (n) => `${n} autres sessions ont été déconnectées.`,
    }),
    notFound: "Cette session est introuvable.",
    signedOut: "Vous n’êtes pas connecté sur cet appareil, il n’y a donc aucune session à afficher. Connectez-vous pour voir partout où vous êtes connecté.",
    signIn: "Se connecter",
    notRecorded: "Ce site n’enregistre pas les connexions à votre compte (il est géré en dehors du site)\u00a0: il ne peut donc ni les afficher ni les déconnecter d’ici. Pour mettre fin à une session, déconnectez-vous sur l’appareil concerné.",
    unsupported: "Ce site ne tient pas de liste de vos connexions, il n’y a donc aucune session à afficher. Pour mettre fin à une session, déconnectez-vous sur l’appareil concerné.",
    unavailable: "Vos sessions ne peuvent pas être affichées pour le moment\u00a0: le site n’a pas pu joindre l’espace où elles sont conservées. Réessayez dans un instant.",
    empty: "Aucune session n’a été trouvée, pas même celle de cet appareil\u00a0: elle vient peut-être de prendre fin. Rechargez la page pour vérifier.",
  },
  backToSite: "Retour au site",
  logoAlt: "Logo",
}
