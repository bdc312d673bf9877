// A public section drawn from its declaration (schema/publicSections.gen.ts): the records of an
// entity with the labels and kinds of the fields its public view shows, as a list and, when the
// entity has a slug, each on a page of its own. No page is written for such an entity.
import { Link } from '@tanstack/react-router';
import type { PublicSectionDisplay, SectionFieldDisplay } from '../../../schema/rules/publicSection';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { formatPersianNumber } from '../../../schema/rules/digits';
import { formatPrice, toPersianDigits } from '../../../schema/rules/text';
import { Breadcrumbs } from './Breadcrumbs';
import { responsiveImage } from './media';
import './publicSection.css';

/** One record as the section's answer carries it (PublicSectionRecord). */
export type SectionRecord = { id: number; slug?: string } & Record<string, unknown>;

export const sectionPageTexts = {
  more: 'جزئیات',
  yes: 'بله',
  no: 'خیر',
} as const;

function FieldValue({ display, value, label }: { display: SectionFieldDisplay; value: unknown; label: string }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  switch (display.kind) {
    case 'number':
      return <>{typeof value === 'number' ? formatPersianNumber(value) : toPersianDigits(String(value))}</>;
    case 'money':
      return <>{typeof value === 'number' ? formatPrice(value) : toPersianDigits(String(value))}</>;
    case 'date':
      return <>{typeof value === 'string' ? formatJalaliLong(value) : '—'}</>;
    case 'yesNo':
      return <>{value === true ? sectionPageTexts.yes : sectionPageTexts.no}</>;
    case 'option':
      return <>{toPersianDigits(display.options[String(value)] ?? String(value))}</>;
    case 'image': {
      const image = typeof value === 'string' ? responsiveImage(value, 'card') : null;
      return image ? <img {...image} alt={label} className="section-image" loading="lazy" /> : <>—</>;
    }
    case 'longText':
      return <span className="section-long">{toPersianDigits(String(value))}</span>;
    case 'list':
      return <>{Array.isArray(value) && value.length > 0 ? value.map((item) => toPersianDigits(String(item))).join('، ') : '—'}</>;
    case 'text':
      return <>{toPersianDigits(String(value))}</>;
  }
}

const nameOf = (section: PublicSectionDisplay, record: SectionRecord) => toPersianDigits(String(record[section.name] ?? record.id));

function Fields({ section, record }: { section: PublicSectionDisplay; record: SectionRecord }) {
  const shown = section.fields.filter((field) => field.name !== section.name);
  return (
    <dl className="section-fields">
      {shown.map((field) => (
        <div key={field.name}>
          <dt>{field.label}</dt>
          <dd>
            <FieldValue display={field.display} value={record[field.name]} label={field.label} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function PublicSectionList({ path, section, records }: { path: string; section: PublicSectionDisplay; records: readonly SectionRecord[] }) {
  return (
    <div className="page">
      <Breadcrumbs current={section.title} />
      <header className="page-head">
        <h1>{section.title}</h1>
        {section.lead && <p>{section.lead}</p>}
      </header>
      {records.length > 0 ? (
        <ul className="section-list">
          {records.map((record) => (
            <li key={record.id} className="section-card">
              <h2>
                {section.pages && record.slug ? (
                  <Link to="/$section/$slug" params={{ section: path, slug: record.slug }}>
                    {nameOf(section, record)}
                  </Link>
                ) : (
                  nameOf(section, record)
                )}
              </h2>
              <Fields section={section} record={record} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{section.empty}</p>
      )}
    </div>
  );
}

export function PublicSectionRecordPage({ path, section, record }: { path: string; section: PublicSectionDisplay; record: SectionRecord }) {
  return (
    <div className="page">
      <Breadcrumbs
        trail={[
          <Link key="section" to="/$section" params={{ section: path }}>
            {section.title}
          </Link>,
        ]}
        current={nameOf(section, record)}
      />
      <header className="page-head">
        <h1>{nameOf(section, record)}</h1>
      </header>
      <article className="section-card section-record">
        <Fields section={section} record={record} />
      </article>
    </div>
  );
}
