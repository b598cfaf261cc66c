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
  backToSite: "Voltar ao site",
  logoAlt: "Logotipo",
}
