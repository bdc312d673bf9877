// One child's classes in the parent's dashboard (GET /api/Learner/Schedule): the next session
// first (Jalali date, time, the place or the online class's link), the weekly timetable in
// Saturday-first order, and the attendance of each course with its dated list. Laid out for a
// phone first: everything stacks at 390 px, the week becomes a grid of days on wide screens.
import type { components } from '../../../codegen/openapi.gen';
import { formatJalaliLong, jalaliWeekdayNames, weekdayIndex } from '../../../schema/rules/calendar';
import { formatHoursRange } from '../../../schema/rules/schedule';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import { familyTexts } from './familyTexts';

type Child = components['schemas']['ChildSchedule'];
type Course = components['schemas']['ChildCourseSchedule'];
type Next = components['schemas']['ScheduledSession'];

const texts = familyTexts.classes;

function Place({ type, address, room }: { type: Course['type']; address: string; room: string }) {
  if (type === 'online') return <>{texts.online}</>;
  return <>{[room, address].filter((part) => part.trim() !== '').map(toPersianDigits).join('، ') || '—'}</>;
}

function ClassLink({ href }: { href: string | undefined }) {
  if (!href) return null;
  return (
    <a className="button button--primary family-join" href={href} target="_blank" rel="noopener noreferrer">
      {texts.joinClass}
    </a>
  );
}

function NextSession({ next }: { next: Next | null }) {
  return (
    <section className="family-next" aria-label={texts.next}>
      <h4 className="family-next__title">{texts.next}</h4>
      {next ? (
        <>
          <p className="family-next__when">
            <strong>
              {jalaliWeekdayNames[weekdayIndex(new Date(next.date))]} {formatJalaliLong(next.date)}
            </strong>{' '}
            <span>{formatHoursRange(next.startTime, next.endTime)}</span>
            {next.moved && <span className="badge family-moved">{texts.moved}</span>}
          </p>
          <p className="family-next__course">{toPersianDigits(next.title)}</p>
          <p className="family-next__place">
            <Place type={next.type} address={next.address} room={next.room} />
          </p>
          {next.note && <p className="family-next__note">{toPersianDigits(next.note)}</p>}
          <ClassLink href={next.classLink} />
        </>
      ) : (
        <p className="family-muted">{texts.noNext}</p>
      )}
    </section>
  );
}

function Timetable({ courses }: { courses: Course[] }) {
  const days = jalaliWeekdayNames.map((label, weekday) => ({
    label,
    entries: courses
      .flatMap((course) => course.slots.filter((slot) => slot.weekday === weekday).map((slot) => ({ course, slot })))
      .sort((a, b) => a.slot.startTime.localeCompare(b.slot.startTime)),
  }));
  return (
    <section aria-label={texts.timetable}>
      <h4>{texts.timetable}</h4>
      <ol className="family-week">
        {days.map((day) => (
          <li key={day.label} className={`family-day${day.entries.length === 0 ? ' family-day--free' : ''}`}>
            <span className="family-day__name">{day.label}</span>
            {day.entries.length > 0 && (
              <ul className="family-day__classes">
                {day.entries.map(({ course, slot }) => (
                  <li key={`${course.courseId}-${slot.startTime}`} className="family-class">
                    <span className="family-class__time">{formatHoursRange(slot.startTime, slot.endTime)}</span>
                    <span className="family-class__title">{toPersianDigits(course.title)}</span>
                    <span className="family-class__place">
                      <Place type={course.type} address="" room={course.room} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

const statusClass = { present: 'family-status--present', absent: 'family-status--absent', excused: 'family-status--excused' } as const;

function Attendance({ course }: { course: Course }) {
  const { present, absent, excused } = course.attendance;
  return (
    <li className="family-course">
      <div className="family-course__head">
        <strong>{toPersianDigits(course.title)}</strong>
        <ClassLink href={course.classLink} />
      </div>
      {course.type === 'offline' && course.address && (
        <p className="family-muted">
          <Place type={course.type} address={course.address} room={course.room} />
        </p>
      )}
      {course.records.length === 0 ? (
        <p className="family-muted">{texts.noRecords}</p>
      ) : (
        <>
          <p className="family-counts">
            <span className={`family-status ${statusClass.present}`}>
              {texts.counts.present}: {formatPersianNumber(present)}
            </span>
            <span className={`family-status ${statusClass.absent}`}>
              {texts.counts.absent}: {formatPersianNumber(absent)}
            </span>
            <span className={`family-status ${statusClass.excused}`}>
              {texts.counts.excused}: {formatPersianNumber(excused)}
            </span>
          </p>
          <details className="family-records">
            <summary>{texts.records(course.records.length)}</summary>
            <ul>
              {course.records.map((record) => (
                <li key={record.sessionId}>
                  <span>
                    {formatJalaliLong(record.date)} · {toPersianDigits(record.startTime)}
                  </span>
                  <span className={`family-status ${statusClass[record.status]}`}>{texts.counts[record.status]}</span>
                  {record.note && <span className="family-muted">{toPersianDigits(record.note)}</span>}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </li>
  );
}

export function ChildSchedule({ child }: { child: Child }) {
  const headingId = `family-child-${child.childId}`;
  return (
    <section className="panel dash-section family-child" aria-labelledby={headingId}>
      <h3 id={headingId}>{toPersianDigits(child.childName)}</h3>
      {child.courses.length === 0 ? (
        <p className="family-muted">{texts.noCourses}</p>
      ) : (
        <>
          <NextSession next={child.nextSession} />
          <Timetable courses={child.courses} />
          <section aria-label={texts.attendance}>
            <h4>{texts.attendance}</h4>
            <ul className="dash-list">
              {child.courses.map((course) => (
                <Attendance key={course.courseId} course={course} />
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
