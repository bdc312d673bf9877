// The one place for the company's contact details: header call button, footer, contact page
// and the Course JSON-LD all read from here, so a changed number changes everywhere at once.
export const company = {
  name: 'آکادمی آموزشی آینده‌سازان کرج',
  shortName: 'آکادمی آینده‌سازان',
  legalName: 'شرکت آینده‌سازان دانش البرز',
  address: 'کرج، عظیمیه، میدان مهران، ساختمان آکادمی، طبقه دوم',
  /** Shown to people; the `tel:` link uses `phoneHref`. */
  phone: '۰۲۶-۳۴۵۶۷۸۹۰',
  phoneHref: 'tel:+982634567890',
  email: 'info@academy.example',
  workingHours: 'شنبه تا پنج‌شنبه، ساعت ۹ تا ۱۸',
  social: {
    whatsapp: 'https://wa.me/982634567890',
    linkedin: 'https://www.linkedin.com/company/academy-karaj',
    instagram: 'https://www.instagram.com/academy.karaj',
  },
  /** Zarinpal's trust badge for this merchant; it answers with a script that draws the logo. */
  trustCodeScript: 'https://www.zarinpal.com/webservice/TrustCode',
} as const;

