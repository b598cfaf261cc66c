import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Tente entrar com outra conta."

/** Portuguese (Brazilian spelling, phrased to read naturally in Portugal too). */
export const pt: Messages = {
  signIn: {
    title: "Entrar",
    heading: "Entrar",
    withProvider: (name) => `Entrar com ${name}`,
    withEmail: "Entrar com e-mail",
    withCredentials: "Entrar",
    withPasskey: "Entrar com chave de acesso",
    emailLabel: "E-mail",
    emailPlaceholder: "email@example.com",
    or: "ou",
    webAuthnFailed: "Não foi possível entrar com a chave de acesso. Tente novamente ou escolha outra forma de entrar.",
    webAuthnRegister: "Criar uma chave de acesso",
    webAuthnCheckEmail: "Verifique o seu e-mail para concluir a configuração da chave de acesso: abra neste navegador o link que enviamos para esse endereço.",
    webAuthnSignInFirst: "Para adicionar uma chave de acesso, entre primeiro e depois adicione uma chave de acesso à sua conta.",
    tooManyEmails: (seconds) => `Foram enviados muitos e-mails de acesso para este endereço. Tente novamente em ${seconds} s.`,
    tooManyAttempts: (seconds) => `Muitas tentativas de acesso. Tente novamente em ${seconds} s.`,
    errors: {
      default: "Não foi possível entrar.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "O acesso foi cancelado ou não foi concluído. Tente novamente ou escolha outra forma de entrar.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Para confirmar a sua identidade, entre com a mesma conta que usou da primeira vez.",
      EmailSignin: "Não foi possível enviar o e-mail.",
      CredentialsSignin: "Não foi possível entrar. Verifique se os dados informados estão corretos.",
      SessionRequired: "Entre para acessar esta página.",
      MissingCSRF: "O formulário de acesso expirou. Recarregue a página e tente novamente.",
    },
  },
  signOut: {
    title: "Sair",
    heading: "Sair",
    question: "Tem certeza de que deseja sair?",
    button: "Sair",
  },
  error: {
    title: "Erro",
    signInLink: "Entrar",
    backToSignIn: "Voltar para a página de entrada",
    pages: {
      default: {
        heading: "Erro",
        paragraphs: [
          "Ocorreu um problema ao entrar.",
        ],
      },
      Configuration: {
        heading: "Erro no servidor",
        paragraphs: [
          "Há um problema na configuração do servidor.",
          "Consulte os registros do servidor para mais informações.",
        ],
      },
      AccessDenied: {
        heading: "Acesso negado",
        paragraphs: [
          "Não tem permissão para entrar.",
        ],
      },
      Verification: {
        heading: "Não foi possível entrar",
        paragraphs: [
          "O link de acesso não é mais válido.",
          "Ele pode já ter sido usado ou ter expirado.",
        ],
      },
      SignOutError: {
        heading: "A saída não foi concluída",
        paragraphs: [
          "Este navegador saiu da conta, mas o servidor não conseguiu encerrar a sua sessão: ela continua válida até expirar.",
          "Se outra pessoa puder estar usando a sua conta, entre em contato com o suporte do site.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Verifique o seu e-mail",
    heading: "Verifique o seu e-mail",
    message: "Enviamos um link de acesso para o seu endereço de e-mail.",
    verifyEmailMessage: "Enviamos um link para confirmar o seu endereço para o seu e-mail.",
  },
  sessions: {
    title: "Suas sessões",
    heading: "Suas sessões",
    thisDevice: "Este dispositivo",
    browserOn: (browser, os) => `${browser} no ${os}`,
    unknownDevice: "Dispositivo desconhecido",
    ipAddress: (ip) => `Endereço IP ${ip}`,
    signedIn: (date) => `Sessão iniciada em ${date}`,
    lastActive: (date) => `Última atividade em ${date}`,
    revoke: "Encerrar",
    revokeOthers: "Encerrar todas as outras sessões",
    onlySession: "Esta é a sua única sessão.",
    // Brazilian Portuguese counts 0 as singular, as French does.
    revoked: plural("pt", {
      one: (n) => `${n} outra sessão foi encerrada.`,
      other: (n) => `${n} outras sessões foram encerradas.`,
    }),
    notFound: "Essa sessão não foi encontrada.",
    signedOut: "Você não está conectado neste dispositivo, então não há sessões para mostrar. Entre para ver onde você está conectado.",
    signIn: "Entrar",
    notRecorded: "Este site não registra os acessos à sua conta (ela é gerenciada fora do site), então não pode listá-los nem encerrá-los daqui. Para encerrar uma sessão, saia nesse dispositivo.",
    unsupported: "Este site não mantém uma lista dos seus acessos, então não há sessões para mostrar. Para encerrar uma sessão, saia nesse dispositivo.",
    unavailable: "Não é possível mostrar suas sessões agora: o site não conseguiu acessar o local onde elas são guardadas. Tente novamente em instantes.",
    empty: "Nenhuma sessão foi encontrada, nem mesmo a deste dispositivo: talvez ela tenha acabado de ser encerrada. Recarregue a página para conferir.",
  },
  password: {
    signInButton: "Entrar com senha",
    passwordLabel: "Senha",
    nameLabel: "Nome (opcional)",
    currentPasswordLabel: "Senha atual",
    newPasswordLabel: "Nova senha",
    forgotLink: "Esqueceu a sua senha?",
    signUpLink: "Criar uma conta",
    rules: {
      minLength: plural("pt", {
        one: (n) => `No mínimo ${n} caractere.`,
        other: (n) => `No mínimo ${n} caracteres.`,
      }),
      maxLength: plural("pt", {
        one: (n) => `No máximo ${n} caractere.`,
        other: (n) => `No máximo ${n} caracteres.`,
      }),
      anyCharacters: "Qualquer caractere é aceito, incluindo espaços e emojis.",
      refused: "Senhas comuns ou expostas em vazamentos de dados são recusadas.",
    },
    signUp: { title: "Criar conta", heading: "Criar uma conta", button: "Criar conta" },
    verifyEmail: {
      title: "Confirmar endereço",
      heading: "Confirme o seu endereço",
      confirmAddress: (email) => `Confirme que ${email} é o seu endereço de e-mail para concluir a criação da sua conta.`,
      message: "Confirme o seu endereço de e-mail para concluir a criação da sua conta.",
      button: "Confirmar o meu endereço",
    },
    forgot: {
      title: "Esqueci a senha",
      heading: "Esqueceu a sua senha?",
      message: "Informe o endereço de e-mail da sua conta e enviaremos um link para escolher uma nova senha.",
      button: "Enviar link de redefinição",
      sent: "Se existir uma conta com esse endereço, enviamos um link para redefinir a senha.",
    },
    reset: { title: "Redefinir senha", heading: "Escolha uma nova senha", button: "Salvar a nova senha" },
    change: {
      title: "Alterar senha",
      heading: "Altere a sua senha",
      button: "Alterar senha",
      changed: "Senha alterada; as sessões nos outros dispositivos foram encerradas.",
    },
    tryAgainIn: (seconds) => `Muitas tentativas. Tente novamente em ${seconds} s.`,
    errors: {
      default: "Algo deu errado. Tente novamente.",
      "invalid-email": "Informe um endereço de e-mail válido.",
      "too-short": "Esta senha é curta demais.",
      "too-long": "Esta senha é longa demais.",
      breached: "Esta senha é comum demais ou apareceu num vazamento de dados. Escolha outra.",
      "invalid-token": "Este link é inválido ou expirou. Peça um novo.",
      "wrong-password": "A senha atual está incorreta.",
      "rate-limited": "Muitas tentativas. Tente novamente mais tarde.",
      unavailable: "O serviço está indisponível no momento. Tente novamente daqui a pouco.",
    },
  },
  passwordMail: {
    "verify-email": {
      subject: (site) => `Confirme o seu endereço de e-mail em ${site}`,
      heading: (site) => `Confirme o seu endereço de e-mail em ${site}`,
      body: "Clique no botão para confirmar este endereço e concluir a criação da sua conta.",
      button: "Confirmar o meu endereço",
      footer: "Se você não criou uma conta, pode ignorar este e-mail.",
    },
    "reset-password": {
      subject: (site) => `Redefina a sua senha em ${site}`,
      heading: (site) => `Redefina a sua senha em ${site}`,
      body: "Alguém pediu para redefinir a senha da conta com este endereço de e-mail. Clique no botão para escolher uma nova.",
      button: "Escolher uma nova senha",
      footer: "Se você não pediu isso, pode ignorar este e-mail: a sua senha continua a mesma.",
    },
    "account-exists": {
      subject: (site) => `Tentativa de cadastro em ${site}`,
      heading: (site) => `Alguém tentou criar uma conta em ${site}`,
      body: "Alguém tentou criar uma conta com este endereço de e-mail, mas você já tem uma. Se foi você, entre ou redefina a sua senha com o segundo link.",
      button: "Entrar",
      resetButton: "Redefinir a senha",
      footer: "Se não foi você, pode ignorar este e-mail: nada foi alterado.",
    },
    expires: (duration) => `Este link expira em ${duration}.`,
    linkIntro: "Ou abra este link no seu navegador:",
  },
  backToSite: "Voltar ao site",
  logoAlt: "Logotipo",
}
