// The password reset mail in each mail language: subject and text around the link. The lifetime
// is said through Intl (plural forms and digits of the language).
import type { MailLanguage } from './mail-language';

/** A mail's subject and text. */
export interface MailText {
  readonly subject: string;
  readonly text: string;
}

function minutes(language: MailLanguage, count: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(count);
}

const RESET_MAIL: Record<MailLanguage, (link: string, lifetime: string) => MailText> = {
  en: (link, lifetime) => ({
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account. To choose a new one, open this link within ${lifetime}:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
  }),
  es: (link, lifetime) => ({
    subject: 'Restablezca su contraseña',
    text: `Alguien solicitó restablecer la contraseña de su cuenta. Para elegir una nueva, abra este enlace en un plazo de ${lifetime}:\n\n${link}\n\nSi no fue usted, ignore este correo: su contraseña no cambiará.`,
  }),
  ar: (link, lifetime) => ({
    subject: 'إعادة تعيين كلمة المرور',
    text: `طلب أحدهم إعادة تعيين كلمة المرور لحسابك. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ${lifetime}:\n\n${link}\n\nإذا لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.`,
  }),
};

/** The reset mail in `language` for the link, which works for `lifetimeMinutes`. */
export function resetMail(language: MailLanguage, link: string, lifetimeMinutes: number): MailText {
  return RESET_MAIL[language](link, minutes(language, lifetimeMinutes));
}
