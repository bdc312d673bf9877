// @vitest-environment jsdom
// Money in a public section: a number field declared `money` reaches the site as a price, drawn
// by the one price formatter («۱۲۰٬۰۰۰ تومان», «رایگان» for 0), never as a bare number; the
// admin's own views read it «… تومان».
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSectionsModule } from '../../../codegen/publicViews';
import { defineEntity } from '../../../schema/define';
import holidays from '../../../schema/holidays';
import { publicSectionDisplays } from '../../../schema/publicSections.gen';
import { registry } from '../../../schema/registry.gen';
import type { PublicSectionDisplay } from '../../../schema/rules/publicSection';
import { formatFieldValue } from '../../../src/components/admin/fieldValue';
import { PublicSectionList } from '../../../src/components/site/PublicSection';
import { renderWithRouter } from './helpers';

afterEach(() => cleanup());

// The holidays' section with a fee: a section of the site whose records carry a price.
const priced = defineEntity({
  ...holidays.decl,
  key: 'holidays',
  publicView: { ...holidays.decl.publicView, component: 'PublicHoliday', fields: ['date', 'title', 'feeInTomans'] },
  fields: { ...holidays.decl.fields, feeInTomans: { label: 'هزینه', input: 'number', integer: true, money: true } },
});

describe('a price in a public section', () => {
  it('is declared money by codegen for the site', () => {
    expect(publicSectionsModule([priced])).toContain(`{ name: "feeInTomans", label: "هزینه", display: { kind: 'money' } }`);
  });

  it('reads «… تومان», or «رایگان» when 0', async () => {
    const base = publicSectionDisplays.holidays;
    if (!base) throw new Error('no holidays section');
    const section: PublicSectionDisplay = { ...base, fields: [...base.fields, { name: 'feeInTomans', label: 'هزینه', display: { kind: 'money' } }] };
    const records = [
      { id: 1, date: null, title: 'کارگاه نوروزی', feeInTomans: 120000 },
      { id: 2, date: null, title: 'روز باز', feeInTomans: 0 },
    ];
    renderWithRouter(<PublicSectionList path="holidays" section={section} records={records} />);
    expect(await screen.findByText('۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.getByText('رایگان')).toBeTruthy();
  });

  it('is declared money wherever the schemas hold an amount in tomans', () => {
    const bare = Object.values(registry).flatMap((entity) =>
      Object.entries(entity.decl.fields)
        .filter(([name, field]) => name.endsWith('InTomans') && !(field.input === 'number' && field.money))
        .map(([name]) => `${entity.key}.${name}`),
    );
    expect(bare).toEqual([]);
  });

  it('reads «… تومان» in the admin’s change log and conflict dialog too', () => {
    expect(formatFieldValue(registry.orders.allFields.refundedInTomans, 5000)).toBe('۵٬۰۰۰ تومان');
    expect(formatFieldValue(registry.courses.allFields.capacity, 12)).toBe('۱۲');
  });
});
