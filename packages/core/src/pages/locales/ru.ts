import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Попробуйте войти с другой учётной записью."

/** Russian. */
export const ru: Messages = {
  signIn: {
    title: "Вход",
    heading: "Вход",
    withProvider: (name) => `Войти через ${name}`,
    withEmail: "Войти по электронной почте",
    withCredentials: "Войти",
    withPasskey: "Войти с ключом доступа",
    emailLabel: "Электронная почта",
    emailPlaceholder: "email@example.com",
    or: "или",
    webAuthnFailed: "Войти с ключом доступа не удалось. Попробуйте ещё раз или выберите другой способ входа.",
    webAuthnRegister: "Создать ключ доступа",
    webAuthnCheckEmail: "Проверьте почту, чтобы закончить настройку ключа доступа: откройте в этом браузере ссылку, которую мы отправили на этот адрес.",
    webAuthnSignInFirst: "Чтобы добавить ключ доступа, сначала войдите, а затем добавьте ключ к своей учётной записи.",
    tooManyEmails: (seconds) => `Слишком много писем для входа на этот адрес. Попробуйте ещё раз через ${seconds} с.`,
    tooManyAttempts: (seconds) => `Слишком много попыток входа. Попробуйте ещё раз через ${seconds} с.`,
    errors: {
      default: "Не удалось войти.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "Вход отменён или не завершён. Попробуйте ещё раз или выберите другой способ входа.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Чтобы подтвердить, что это вы, войдите с той же учётной записью, что и в первый раз.",
      EmailSignin: "Не удалось отправить письмо.",
      CredentialsSignin: "Не удалось войти. Проверьте, правильно ли введены данные.",
      SessionRequired: "Войдите, чтобы открыть эту страницу.",
      MissingCSRF: "Срок действия формы входа истёк. Обновите страницу и попробуйте ещё раз.",
    },
  },
  signOut: {
    title: "Выход",
    heading: "Выход",
    question: "Вы действительно хотите выйти?",
    button: "Выйти",
  },
  error: {
    title: "Ошибка",
    signInLink: "Войти",
    backToSignIn: "Вернуться ко входу",
    pages: {
      default: { heading: "Ошибка", paragraphs: ["При входе что-то пошло не так."] },
      Configuration: {
        heading: "Ошибка сервера",
        paragraphs: ["Сервер настроен неправильно.", "Подробности — в журнале сервера."],
      },
      AccessDenied: { heading: "Доступ запрещён", paragraphs: ["У вас нет прав на вход."] },
      Verification: {
        heading: "Не удалось войти",
        paragraphs: [
          "Ссылка для входа больше не действует.",
          "Возможно, ею уже воспользовались или срок её действия истёк.",
        ],
      },
      SignOutError: {
        heading: "Выход не завершён",
        paragraphs: [
          "В этом браузере вы вышли, но сервер не смог завершить сеанс: он действует, пока не истечёт его срок.",
          "Если вашей учётной записью может пользоваться кто-то ещё, обратитесь в поддержку сайта.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Проверьте почту",
    heading: "Проверьте почту",
    message: "Мы отправили ссылку для входа на ваш адрес электронной почты.",
  },
  sessions: {
    title: "Ваши сеансы",
    heading: "Ваши сеансы",
    thisDevice: "Это устройство",
    browserOn: (browser, os) => `${browser} на ${os}`,
    unknownDevice: "Неизвестное устройство",
    ipAddress: (ip) => `IP-адрес ${ip}`,
    signedIn: (date) => `Вход: ${date}`,
    lastActive: (date) => `Последняя активность: ${date}`,
    revoke: "Завершить",
    revokeOthers: "Завершить все другие сеансы",
    onlySession: "Это ваш единственный сеанс.",
    // The participle agrees with the numeral: «завершён 1 сеанс», «завершены 2 сеанса», «завершено 5 сеансов».
    revoked: plural("ru", {
      one: (n) => `Завершён ${n} другой сеанс.`,
      few: (n) => `Завершены ${n} других сеанса.`,
      other: (n) => `Завершено ${n} других сеансов.`,
    }),
    notFound: "Сеанс не найден.",
  },
  logoAlt: "Логотип",
}
