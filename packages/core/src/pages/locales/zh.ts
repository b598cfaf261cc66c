import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "请尝试使用其他账号登录。"

/** Simplified Chinese. */
export const zh: Messages = {
  signIn: {
    title: "登录",
    heading: "登录",
    withProvider: (name) => `使用 ${name} 登录`,
    withEmail: "使用邮箱登录",
    withCredentials: "登录",
    withPasskey: "使用通行密钥登录",
    emailLabel: "电子邮箱",
    emailPlaceholder: "email@example.com",
    or: "或",
    webAuthnFailed: "未能使用通行密钥登录。请重试，或选择其他登录方式。",
    webAuthnRegister: "创建通行密钥",
    webAuthnCheckEmail: "请查收邮件以完成通行密钥的设置：在此浏览器中打开我们发送到该邮箱的链接。",
    webAuthnSignInFirst: "要添加通行密钥，请先登录，然后为您的账号添加通行密钥。",
    tooManyEmails: (seconds) => `发送到此邮箱的登录邮件过多。请在 ${seconds} 秒后重试。`,
    tooManyAttempts: (seconds) => `登录尝试次数过多。请在 ${seconds} 秒后重试。`,
    errors: {
      default: "无法登录。",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "登录已取消或未完成。请重试，或选择其他登录方式。",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "为确认您的身份，请使用您最初登录时所用的账号登录。",
      EmailSignin: "邮件发送失败。",
      CredentialsSignin: "登录失败。请检查您填写的信息是否正确。",
      SessionRequired: "请登录后访问此页面。",
      MissingCSRF: "登录表单已过期。请刷新页面后重试。",
    },
  },
  signOut: {
    title: "退出登录",
    heading: "退出登录",
    question: "确定要退出登录吗？",
    button: "退出登录",
  },
  error: {
    title: "错误",
    signInLink: "登录",
    backToSignIn: "返回登录页面",
    pages: {
      default: {
        heading: "错误",
        paragraphs: [
          "登录时出现问题。",
        ],
      },
      Configuration: {
        heading: "服务器错误",
        paragraphs: [
          "服务器配置有误。",
          "请查看服务器日志了解详情。",
        ],
      },
      AccessDenied: {
        heading: "拒绝访问",
        paragraphs: [
          "您没有登录权限。",
        ],
      },
      Verification: {
        heading: "无法登录",
        paragraphs: [
          "登录链接已失效。",
          "该链接可能已被使用或已过期。",
        ],
      },
      SignOutError: {
        heading: "未能完成退出登录",
        paragraphs: [
          "此浏览器已退出登录，但服务器未能结束您的会话：该会话在过期前仍然有效。",
          "如果可能有他人正在使用您的账号，请联系网站客服。",
        ],
      },
    },
  },
  verifyRequest: {
    title: "查收邮件",
    heading: "请查收邮件",
    message: "登录链接已发送到您的邮箱。",
  },
  sessions: {
    title: "您的会话",
    heading: "您的会话",
    thisDevice: "此设备",
    browserOn: (browser, os) => `${os} 上的 ${browser}`,
    unknownDevice: "未知设备",
    ipAddress: (ip) => `IP 地址 ${ip}`,
    signedIn: (date) => `登录时间：${date}`,
    lastActive: (date) => `最近活动：${date}`,
    revoke: "退出登录",
    revokeOthers: "退出其他所有会话",
    onlySession: "这是您唯一的会话。",
    revoked: plural("zh", { other: (n) => `已退出其他 ${n} 个会话。` }),
    notFound: "未找到该会话。",
    signedOut: "您尚未在此设备上登录，因此没有可显示的会话。登录后即可查看您在哪些地方登录。",
    signIn: "登录",
    notRecorded: "本网站不记录您账户的登录（您的账户在网站外部管理），因此无法在此列出这些会话或将其退出。要结束某个会话，请在对应设备上退出登录。",
    unsupported: "本网站不保存您的登录列表，因此没有可显示的会话。要结束某个会话，请在对应设备上退出登录。",
    unavailable: "暂时无法显示您的会话：网站无法连接到保存会话的存储。请稍后重试。",
    empty: "未找到任何会话，连此设备的会话也没有：它可能刚刚结束。请刷新页面查看。",
  },
  backToSite: "返回网站",
  logoAlt: "网站标志",
}
