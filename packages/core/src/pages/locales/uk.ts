import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Спробуйте увійти з іншим обліковим записом."

/** Ukrainian. */
export const uk: Messages = {
  signIn: {
    title: "Вхід",
    heading: "Вхід",
    withProvider: (name) => `Увійти через ${name}`,
    withEmail: "Увійти через електронну пошту",
    withCredentials: "Увійти",
    withPasskey: "Увійти з ключем доступу",
    emailLabel: "Електронна пошта",
    emailPlaceholder: "email@example.com",
    or: "або",
    webAuthnFailed: "Не вдалося увійти з ключем доступу. Спробуйте ще раз або виберіть інший спосіб входу.",
    webAuthnRegister: "Створити ключ доступу",
    webAuthnCheckEmail: "Перевірте пошту, щоб завершити налаштування ключа доступу: відкрийте в цьому браузері посилання, яке ми надіслали на цю адресу.",
    webAuthnSignInFirst: "Щоб додати ключ доступу, спочатку увійдіть, а потім додайте ключ до свого облікового запису.",
    tooManyEmails: (seconds) => `На цю адресу надіслано забагато листів для входу. Спробуйте ще раз через ${seconds} с.`,
    tooManyAttempts: (seconds) => `Забагато спроб входу. Спробуйте ще раз через ${seconds} с.`,
    errors: {
      default: "Не вдалося увійти.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "Вхід скасовано або не завершено. Спробуйте ще раз або виберіть інший спосіб входу.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Щоб підтвердити, що це ви, увійдіть із тим самим обліковим записом, що й першого разу.",
      EmailSignin: "Не вдалося надіслати лист.",
      CredentialsSignin: "Не вдалося увійти. Перевірте, чи правильно введено дані.",
      SessionRequired: "Увійдіть, щоб відкрити цю сторінку.",
      MissingCSRF: "Термін дії форми входу минув. Оновіть сторінку й спробуйте ще раз.",
    },
  },
  signOut: {
    title: "Вихід",
    heading: "Вихід",
    question: "Ви дійсно бажаєте вийти?",
    button: "Вийти",
  },
  error: {
    title: "Помилка",
    signInLink: "Увійти",
    backToSignIn: "Повернутися до входу",
    pages: {
      default: {
        heading: "Помилка",
        paragraphs: [
          "Під час входу щось пішло не так.",
        ],
      },
      Configuration: {
        heading: "Помилка сервера",
        paragraphs: [
          "Сервер налаштовано неправильно.",
          "Подробиці — у журналі сервера.",
        ],
      },
      AccessDenied: {
        heading: "Доступ заборонено",
        paragraphs: [
          "У вас немає дозволу на вхід.",
        ],
      },
      Verification: {
        heading: "Не вдалося увійти",
        paragraphs: [
          "Посилання для входу більше не дійсне.",
          "Можливо, ним уже скористалися або термін його дії минув.",
        ],
      },
      SignOutError: {
        heading: "Вихід не завершено",
        paragraphs: [
          "У цьому браузері ви вийшли, але сервер не зміг завершити сеанс: він чинний, доки не мине його термін.",
          "Якщо вашим обліковим записом може користуватися хтось інший, зверніться до служби підтримки сайту.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Перевірте пошту",
    heading: "Перевірте пошту",
    message: "Ми надіслали посилання для входу на вашу адресу електронної пошти.",
  },
  sessions: {
    title: "Ваші сеанси",
    heading: "Ваші сеанси",
    thisDevice: "Цей пристрій",
    browserOn: (browser, os) => `${browser} на ${os}`,
    unknownDevice: "Невідомий пристрій",
    ipAddress: (ip) => `IP-адреса ${ip}`,
    signedIn: (date) => `Вхід: ${date}`,
    lastActive: (date) => `Остання активність: ${date}`,
    revoke: "Завершити",
    revokeOthers: "Завершити всі інші сеанси",
    onlySession: "Це ваш єдиний сеанс.",
    // «Завершено» takes the accusative, whose form follows the numeral: 1 сеанс, 2 сеанси, 5 сеансів.
    revoked: plural("uk", {
      one: (n) => `Завершено ${n} інший сеанс.`,
      few: (n) => `Завершено ${n} інші сеанси.`,
      other: (n) => `Завершено ${n} інших сеансів.`,
    }),
    notFound: "Сеанс не знайдено.",
  },
  logoAlt: "Логотип",
}
