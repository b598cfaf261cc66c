import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "別のアカウントでログインしてみてください。"

/** Japanese (polite です/ます form). */
export const ja: Messages = {
  signIn: {
    title: "ログイン",
    heading: "ログイン",
    withProvider: (name) => `${name} でログイン`,
    withEmail: "メールアドレスでログイン",
    withCredentials: "ログイン",
    withPasskey: "パスキーでログイン",
    emailLabel: "メールアドレス",
    emailPlaceholder: "email@example.com",
    or: "または",
    webAuthnFailed: "パスキーでログインできませんでした。もう一度お試しいただくか、別の方法でログインしてください。",
    webAuthnRegister: "パスキーを作成",
    webAuthnCheckEmail: "パスキーの設定を完了するには、メールをご確認ください。このアドレスにお送りしたリンクを、このブラウザで開いてください。",
    webAuthnSignInFirst: "パスキーを追加するには、まずログインしてから、アカウントにパスキーを追加してください。",
    tooManyEmails: (seconds) => `このアドレスに送信されたログイン用メールが多すぎます。${seconds} 秒後にもう一度お試しください。`,
    tooManyAttempts: (seconds) => `ログインの試行回数が多すぎます。${seconds} 秒後にもう一度お試しください。`,
    errors: {
      default: "ログインできません。",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "ログインがキャンセルされたか、完了しませんでした。もう一度お試しいただくか、別の方法でログインしてください。",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "本人確認のため、最初に使用したものと同じアカウントでログインしてください。",
      EmailSignin: "メールを送信できませんでした。",
      CredentialsSignin: "ログインに失敗しました。入力内容が正しいかご確認ください。",
      SessionRequired: "このページを表示するにはログインしてください。",
      MissingCSRF: "ログインフォームの有効期限が切れました。ページを再読み込みして、もう一度お試しください。",
    },
  },
  signOut: {
    title: "ログアウト",
    heading: "ログアウト",
    question: "ログアウトしてもよろしいですか？",
    button: "ログアウト",
  },
  error: {
    title: "エラー",
    signInLink: "ログイン",
    backToSignIn: "ログイン画面に戻る",
    pages: {
      default: {
        heading: "エラー",
        paragraphs: [
          "ログイン中に問題が発生しました。",
        ],
      },
      Configuration: {
        heading: "サーバーエラー",
        paragraphs: [
          "サーバーの設定に問題があります。",
          "詳しくはサーバーのログをご確認ください。",
        ],
      },
      AccessDenied: {
        heading: "アクセスが拒否されました",
        paragraphs: [
          "ログインする権限がありません。",
        ],
      },
      Verification: {
        heading: "ログインできません",
        paragraphs: [
          "このログイン用リンクは無効になりました。",
          "すでに使用されたか、有効期限が切れた可能性があります。",
        ],
      },
      SignOutError: {
        heading: "ログアウトが完了しませんでした",
        paragraphs: [
          "このブラウザではログアウトしましたが、サーバーでセッションを終了できませんでした。セッションは有効期限まで有効なままです。",
          "他の人がアカウントを使用している可能性がある場合は、サイトのサポートにお問い合わせください。",
        ],
      },
    },
  },
  verifyRequest: {
    title: "メールをご確認ください",
    heading: "メールをご確認ください",
    message: "ログイン用のリンクをメールアドレスにお送りしました。",
  },
  sessions: {
    title: "ログイン中のセッション",
    heading: "ログイン中のセッション",
    thisDevice: "この端末",
    browserOn: (browser, os) => `${os} の ${browser}`,
    unknownDevice: "不明な端末",
    ipAddress: (ip) => `IP アドレス ${ip}`,
    signedIn: (date) => `ログイン：${date}`,
    lastActive: (date) => `最終アクセス：${date}`,
    revoke: "ログアウト",
    revokeOthers: "他のすべてのセッションからログアウト",
    onlySession: "ログイン中のセッションはこの 1 件だけです。",
    revoked: plural("ja", { other: (n) => `他の ${n} 件のセッションからログアウトしました。` }),
    notFound: "そのセッションは見つかりませんでした。",
    signedOut: "この端末ではログインしていないため、表示するセッションはありません。ログインすると、ログイン中のすべての場所を確認できます。",
    signIn: "ログイン",
    notRecorded: "このサイトはお使いのアカウントのログインを記録していません（アカウントはサイトの外部で管理されています）。そのため、ここでは一覧表示もログアウトもできません。セッションを終了するには、その端末でログアウトしてください。",
    unsupported: "このサイトはログインの一覧を保持していないため、表示するセッションはありません。セッションを終了するには、その端末でログアウトしてください。",
    unavailable: "現在セッションを表示できません。セッションを保存している場所にサイトが接続できませんでした。しばらくしてからもう一度お試しください。",
    empty: "この端末のものも含め、セッションが見つかりませんでした。たった今終了した可能性があります。ページを再読み込みして確認してください。",
  },
  backToSite: "サイトに戻る",
  logoAlt: "ロゴ",
}
