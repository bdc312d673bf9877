// The public sections (an entity's publicView.section): GET /api/Public/sections/<path> answers
// its records and /<slug> one of them, each as the generated projection makes it, so nothing
// outside the declared view leaves the server. The site draws them generically
// (src/components/site/PublicSection.tsx).
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { DB } from '../platform/db';
import { HttpError } from '../platform/errors';
import { parse, type Register } from '../platform/http';
import { publicSections, type PublicSection } from './publicViews.gen';

export const sectionTexts = {
  sectionNotFound: 'بخش مورد نظر یافت نشد',
  recordNotFound: 'مورد درخواستی یافت نشد',
} as const;

const segment = v.pipe(v.string('نشانی نامعتبر است'), v.minLength(1, 'نشانی نامعتبر است'), v.maxLength(200, 'نشانی نامعتبر است'));
const sectionParams = v.object({ section: segment });
const recordParams = v.object({ section: segment, slug: segment });

function sectionAt(path: string): PublicSection {
  const section = Object.hasOwn(publicSections, path) ? publicSections[path] : undefined;
  if (!section) throw new HttpError(404, sectionTexts.sectionNotFound);
  return section;
}

export function registerPublicSections(register: Register, db: DB): void {
  register('GET /api/Public/sections/{section}', 'public', publicSection);
  register('GET /api/Public/sections/{section}/{slug}', 'public', publicSectionRecord);

  async function publicSection(request: FastifyRequest) {
    const { section } = parse(sectionParams, request.params);
    return sectionAt(section).list(db);
  }

  async function publicSectionRecord(request: FastifyRequest) {
    const { section, slug } = parse(recordParams, request.params);
    const found = sectionAt(section);
    const record = found.one ? await found.one(db, slug) : undefined;
    if (!record) throw new HttpError(404, sectionTexts.recordNotFound);
    return record;
  }
}
