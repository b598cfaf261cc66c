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
    verifyEmailMessage: "Un lien pour confirmer votre adresse a été envoyé à votre adresse e-mail.",
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
  password: {
    signInButton: "Se connecter avec un mot de passe",
    passwordLabel: "Mot de passe",
    nameLabel: "Nom (facultatif)",
    currentPasswordLabel: "Mot de passe actuel",
    newPasswordLabel: "Nouveau mot de passe",
    forgotLink: "Mot de passe oublié\u00a0?",
    signUpLink: "Créer un compte",
    rules: {
      minLength: plural("fr", {
        one: (n) => `Au moins ${n} caractère.`,
        other: (n) => `Au moins ${n} caractères.`,
      }),
      maxLength: plural("fr", {
        one: (n) => `${n} caractère au maximum.`,
        other: (n) => `${n} caractères au maximum.`,
      }),
      anyCharacters: "Tous les caractères sont acceptés, espaces et emoji compris.",
      refused: "Les mots de passe courants ou divulgués lors de fuites de données sont refusés.",
    },
    signUp: { title: "Créer un compte", heading: "Créer un compte", button: "Créer le compte" },
    verifyEmail: {
      title: "Confirmer l’adresse",
      heading: "Confirmez votre adresse",
      confirmAddress: (email) => `Confirmez que ${email} est bien votre adresse e-mail pour terminer la création de votre compte.`,
      message: "Confirmez votre adresse e-mail pour terminer la création de votre compte.",
      button: "Confirmer mon adresse",
    },
    forgot: {
      title: "Mot de passe oublié",
      heading: "Mot de passe oublié\u00a0?",
      message: "Saisissez l’adresse e-mail de votre compte\u00a0: nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      button: "Envoyer le lien de réinitialisation",
      sent: "Si un compte existe pour cette adresse, nous avons envoyé un lien pour réinitialiser le mot de passe.",
    },
    reset: { title: "Réinitialiser le mot de passe", heading: "Choisissez un nouveau mot de passe", button: "Enregistrer le nouveau mot de passe" },
    change: {
      title: "Modifier le mot de passe",
      heading: "Modifier votre mot de passe",
      button: "Modifier le mot de passe",
      changed: "Mot de passe modifié\u00a0; vos autres appareils ont été déconnectés.",
    },
    tryAgainIn: (seconds) => `Trop de tentatives. Réessayez dans ${seconds}\u00a0s.`,
    errors: {
      default: "Une erreur s’est produite. Réessayez.",
      "invalid-email": "Saisissez une adresse e-mail valide.",
      "too-short": "Ce mot de passe est trop court.",
      "too-long": "Ce mot de passe est trop long.",
      breached: "Ce mot de passe est trop courant ou figure dans une fuite de données. Choisissez-en un autre.",
      "invalid-token": "Ce lien n’est pas valide ou a expiré. Demandez-en un nouveau.",
      "wrong-password": "Le mot de passe actuel est incorrect.",
      "rate-limited": "Trop de tentatives. Réessayez plus tard.",
      unavailable: "Le service est indisponible pour le moment. Réessayez dans un instant.",
    },
  },
  passwordMail: {
    "verify-email": {
      subject: (site) => `Confirmez votre adresse e-mail pour ${site}`,
      heading: (site) => `Confirmez votre adresse e-mail pour ${site}`,
      body: "Cliquez sur le bouton pour confirmer cette adresse et terminer la création de votre compte.",
      button: "Confirmer mon adresse",
      footer: "Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    "reset-password": {
      subject: (site) => `Réinitialisez votre mot de passe pour ${site}`,
      heading: (site) => `Réinitialisez votre mot de passe pour ${site}`,
      body: "Quelqu’un a demandé à réinitialiser le mot de passe du compte associé à cette adresse e-mail. Cliquez sur le bouton pour en choisir un nouveau.",
      button: "Choisir un nouveau mot de passe",
      footer: "Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail\u00a0: votre mot de passe reste inchangé.",
    },
    "account-exists": {
      subject: (site) => `Tentative d’inscription sur ${site}`,
      heading: (site) => `Quelqu’un a essayé de créer un compte sur ${site}`,
      body: "Quelqu’un a essayé de créer un compte avec cette adresse e-mail, mais vous en avez déjà un. Si c’était vous, connectez-vous, ou réinitialisez votre mot de passe avec le second lien.",
      button: "Se connecter",
      resetButton: "Réinitialiser le mot de passe",
      footer: "Si ce n’était pas vous, vous pouvez ignorer cet e-mail\u00a0: rien n’a changé.",
    },
    expires: (duration) => `Ce lien expire dans ${duration}.`,
    linkIntro: "Ou ouvrez ce lien dans votre navigateur\u00a0:",
  },
  backToSite: "Retour au site",
  logoAlt: "Logo",
}
