// @vitest-environment jsdom
// One wording per rule wherever it shows: the weekday names (one list, Thursday with its
// zero-width non-joiner), a course's age range and its weekly schedule read the same on the
// course card, the course page and the admin's weekday choices.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import { ageWarningText } from '../../../schema/rules/age';
import { jalaliWeekdayNames } from '../../../schema/rules/calendar';
import { CourseCard } from '../../../src/components/site/CourseCard';
import { CourseSchedule } from '../../../src/components/site/CourseSchedule';
import type { PublicCourse } from '../../../src/components/site/types';
import { renderWithRouter } from './helpers';

afterEach(() => cleanup());

const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const course: PublicCourse = {
  id: 1,
  slug: 'lego',
  title: 'رباتیک با لگو',
  durationInHours: 10,
  timeOfHolding: '2030-01-01T08:00:00.000Z',
  registrationDeadline: '2029-12-25T08:00:00.000Z',
  priceInTomans: 1000,
  description: '',
  coverImage: '',
  coverVideo: '',
  headings: '',
  prerequisite: '',
  difficulty: '',
  type: 'offline',
  registrationOpen: true,
  lastSessionDate: null,
  ageMin: 9,
  ageMax: 0,
  capacity: 0,
  seatsLeft: null,
  address: 'کرج',
  room: '',
  weeklySlots: [
    { weekday: 5, startTime: '16:00', endTime: '17:30' },
    { weekday: 0, startTime: '16:00', endTime: '17:30' },
  ],
  category: { slug: 'robotics', name: 'رباتیک' },
  teacher: null,
};

describe('the weekday names', () => {
  it('are one list: the course slot choices are the calendar’s names, Thursday with its ZWNJ', () => {
    const weekday = registry.courseSlots.decl.fields.weekday;
    if (weekday?.input !== 'select') throw new Error('courseSlots.weekday is no select');
    expect(weekday.options.map(([, label]) => label)).toEqual([...jalaliWeekdayNames]);
    expect(jalaliWeekdayNames[5]).toBe('پنج\u200cشنبه');
  });
  it('never spell Thursday without the ZWNJ anywhere in the code', () => {
    const offenders = ['schema', 'src', 'server'].flatMap((dir) => sourceFiles(path.join(root, dir))).filter((file) => readFileSync(file, 'utf8').includes('پنجشنبه'));
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});

describe('a course’s ages and weekly schedule', () => {
  it('read the same on its card, its page and in the age warning', async () => {
    renderWithRouter(
      <>
        <CourseCard course={course} />
        <CourseSchedule course={course} sessions={[]} />
      </>,
    );
    const line = 'شنبه‌ها و پنج‌شنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰';
    // The card's «روز و ساعت: …» and the page's line under «برنامه هفتگی».
    expect(await screen.findByText(`روز و ساعت: ${line}`)).toBeTruthy();
    expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByText('سن: ۹ سال به بالا')).toBeTruthy();
    expect(ageWarningText('سارا', { age: 7, ageMin: 9, ageMax: 0 })).toContain('سنین ۹ سال به بالا');
  });
});
