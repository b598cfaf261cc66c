import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Farklı bir hesapla giriş yapmayı deneyin."

/** Turkish (polite “siz”). */
export const tr: Messages = {
  signIn: {
    title: "Giriş yap",
    heading: "Giriş yap",
    withProvider: (name) => `${name} ile giriş yap`,
    withEmail: "E-posta ile giriş yap",
    withCredentials: "Giriş yap",
    withPasskey: "Geçiş anahtarıyla giriş yap",
    emailLabel: "E-posta",
    emailPlaceholder: "email@example.com",
    or: "veya",
    webAuthnFailed: "Geçiş anahtarıyla giriş yapılamadı. Tekrar deneyin veya başka bir giriş yöntemi seçin.",
    webAuthnRegister: "Geçiş anahtarı oluştur",
    webAuthnCheckEmail: "Geçiş anahtarınızın kurulumunu tamamlamak için e-postanızı kontrol edin: Bu adrese gönderdiğimiz bağlantıyı bu tarayıcıda açın.",
    webAuthnSignInFirst: "Geçiş anahtarı eklemek için önce giriş yapın, ardından hesabınıza bir geçiş anahtarı ekleyin.",
    tooManyEmails: (seconds) => `Bu adrese çok fazla giriş e-postası gönderildi. ${seconds} sn sonra tekrar deneyin.`,
    tooManyAttempts: (seconds) => `Çok fazla giriş denemesi. ${seconds} sn sonra tekrar deneyin.`,
    errors: {
      default: "Giriş yapılamadı.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      OAuthCallbackError: "Giriş iptal edildi veya tamamlanmadı. Tekrar deneyin veya başka bir giriş yöntemi seçin.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "Kimliğinizi doğrulamak için ilk kez kullandığınız hesapla giriş yapın.",
      EmailSignin: "E-posta gönderilemedi.",
      CredentialsSignin: "Giriş başarısız oldu. Girdiğiniz bilgilerin doğru olduğundan emin olun.",
      SessionRequired: "Bu sayfaya erişmek için lütfen giriş yapın.",
      MissingCSRF: "Giriş formunun süresi doldu. Sayfayı yenileyip tekrar deneyin.",
    },
  },
  signOut: {
    title: "Çıkış yap",
    heading: "Çıkış yap",
    question: "Çıkış yapmak istediğinizden emin misiniz?",
    button: "Çıkış yap",
  },
  error: {
    title: "Hata",
    signInLink: "Giriş yap",
    backToSignIn: "Giriş sayfasına dön",
    pages: {
      default: {
        heading: "Hata",
        paragraphs: [
          "Giriş yapılırken bir sorun oluştu.",
        ],
      },
      Configuration: {
        heading: "Sunucu hatası",
        paragraphs: [
          "Sunucu yapılandırmasında bir sorun var.",
          "Daha fazla bilgi için sunucu günlüklerine bakın.",
        ],
      },
      AccessDenied: {
        heading: "Erişim reddedildi",
        paragraphs: [
          "Giriş yapma izniniz yok.",
        ],
      },
      Verification: {
        heading: "Giriş yapılamadı",
        paragraphs: [
          "Giriş bağlantısı artık geçerli değil.",
          "Bağlantı daha önce kullanılmış veya süresi dolmuş olabilir.",
        ],
      },
      SignOutError: {
        heading: "Çıkış tamamlanamadı",
        paragraphs: [
          "Bu tarayıcıda çıkış yapıldı, ancak sunucu oturumunuzu sonlandıramadı: Oturum, süresi dolana kadar geçerli kalır.",
          "Hesabınızı başka birinin kullanıyor olabileceğini düşünüyorsanız sitenin destek ekibiyle iletişime geçin.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "E-postanızı kontrol edin",
    heading: "E-postanızı kontrol edin",
    message: "E-posta adresinize bir giriş bağlantısı gönderdik.",
  },
  sessions: {
    title: "Oturumlarınız",
    heading: "Oturumlarınız",
    thisDevice: "Bu cihaz",
    browserOn: (browser, os) => `${os} üzerinde ${browser}`,
    unknownDevice: "Bilinmeyen cihaz",
    ipAddress: (ip) => `IP adresi ${ip}`,
    signedIn: (date) => `Giriş: ${date}`,
    lastActive: (date) => `Son etkinlik: ${date}`,
    revoke: "Oturumu kapat",
    revokeOthers: "Diğer tüm oturumları kapat",
    onlySession: "Bu, tek oturumunuz.",
    // Turkish keeps the noun singular after a number.
    revoked: plural("tr", { other: (n) => `${n} diğer oturum kapatıldı.` }),
    notFound: "Bu oturum bulunamadı.",
    signedOut: "Bu cihazda giriş yapmadınız, bu yüzden gösterilecek oturum yok. Nerelerde giriş yaptığınızı görmek için giriş yapın.",
    signIn: "Giriş yap",
    notRecorded: "Bu site hesabınıza yapılan girişleri kaydetmiyor (hesabınız sitenin dışında yönetiliyor), bu yüzden onları burada listeleyemez veya kapatamaz. Bir oturumu sonlandırmak için o cihazda oturumu kapatın.",
    unsupported: "Bu site girişlerinizin bir listesini tutmuyor, bu yüzden gösterilecek oturum yok. Bir oturumu sonlandırmak için o cihazda oturumu kapatın.",
    unavailable: "Oturumlarınız şu anda gösterilemiyor: site, oturumların saklandığı depoya ulaşamadı. Birazdan tekrar deneyin.",
    empty: "Hiç oturum bulunamadı, bu cihazınki bile: az önce sona ermiş olabilir. Kontrol etmek için sayfayı yenileyin.",
  },
  backToSite: "Siteye dön",
  logoAlt: "Logo",
}
