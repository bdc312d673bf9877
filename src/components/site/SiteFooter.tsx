import { Link } from '@tanstack/react-router';
import { Island } from '../../islands/Island';
import { toPersianDigits } from '../../../schema/rules/text';
import { company } from '../../../schema/rules/company';
import { publicSectionDisplays } from '../../../schema/publicSections.gen';
import { SocialIcons } from './SocialIcons';
import { TrustLogo } from './TrustLogo';

const footerLinks = [
  { to: '/categories', label: 'دسته‌بندی دوره‌ها' },
  { to: '/teachers', label: 'مدرسان' },
  { to: '/articles', label: 'مقالات' },
  { to: '/about-us', label: 'درباره ما' },
  { to: '/contact-us', label: 'تماس با ما' },
] as const;

// Latin digits from the calendar, Persian digits from the one display rule.
const persianYear = new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-latn', { year: 'numeric' });

export function SiteFooter() {
  // The browser's own Persian calendar keeps jalaali-js out of the shell every page loads.
  const year = toPersianDigits(persianYear.format(new Date()));
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__about">
          <h2 className="site-footer__title">{company.name}</h2>
          <p>آموزش برنامه‌نویسی، رباتیک و مهارت‌های دیجیتال برای کودکان و نوجوانان، به‌صورت آنلاین و حضوری.</p>
          <SocialIcons />
        </section>
        <nav aria-label="پیوندهای پایین صفحه">
          <h2 className="site-footer__title">دسترسی سریع</h2>
          <ul className="site-footer__links">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {/* The sections a schema file adds to the site (publicView.section). */}
            {Object.entries(publicSectionDisplays).map(([path, section]) => (
              <li key={path}>
                <Link to="/$section" params={{ section: path }}>
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section>
          <h2 className="site-footer__title">اطلاعات تماس</h2>
          <address className="site-footer__contact">
            <p>نشانی: {company.address}</p>
            <p>
              تلفن:{' '}
              <a href={company.phoneHref} dir="ltr">
                {company.phone}
              </a>
            </p>
          </address>
        </section>
        <section>
          <h2 className="site-footer__title">مجوزها و نمادها</h2>
          <div className="site-footer__badges">
            <img src="/images/university-logo.svg" width={72} height={72} loading="lazy" alt="همکاری با دانشگاه" />
            <img
              src="/images/vocational-training-logo.svg"
              width={72}
              height={72}
              loading="lazy"
              alt="سازمان آموزش فنی و حرفه‌ای"
            />
            <img src="/images/trust-seal.svg" width={72} height={72} loading="lazy" alt="نماد اعتماد الکترونیکی" />
            <Island name="TrustLogo" component={TrustLogo} props={{}} />
          </div>
        </section>
      </div>
      <p className="site-footer__copyright">
        © {year} — تمامی حقوق این وب‌سایت برای {company.legalName} محفوظ است.
      </p>
    </footer>
  );
}
