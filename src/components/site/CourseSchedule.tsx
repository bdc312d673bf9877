// A course's schedule on its public page, rendered on the server (no island): the weekly pattern
// in words («شنبه‌ها و دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰»), the first and last session dates, the
// place (address and room for in-person courses, «آنلاین» for online ones: the class link is
// only ever given to enrolled learners, on their dashboard) and the sessions from today on,
// moved ones shown with the day they moved from, cancelled ones struck through with the reason.
import { formatJalaliLong, jalaliWeekdayNames, weekdayIndex } from '../../../schema/rules/calendar';
import { formatHoursRange, weeklyScheduleLines } from '../../../schema/rules/schedule';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import type { PublicSession } from './loaders';
import type { PublicCourse } from './types';
import './schedule.css';

type ScheduledCourse = Pick<PublicCourse, 'type' | 'timeOfHolding' | 'lastSessionDate' | 'address' | 'room' | 'weeklySlots'>;

/** Sessions listed before the rest fold away under «همه جلسه‌ها». */
const shownFirst = 6;

export const scheduleTexts = {
  title: 'زمان و مکان برگزاری',
  pattern: 'برنامه هفتگی',
  noPattern: 'برنامه هفتگی این دوره هنوز اعلام نشده است.',
  first: 'شروع دوره',
  last: 'پایان دوره',
  place: 'محل برگزاری',
  online: 'آنلاین',
  onlineNote: 'پیوند کلاس پس از ثبت‌نام در داشبورد شما نمایش داده می‌شود.',
  room: (room: string) => toPersianDigits(room),
  upcoming: 'جلسه‌های پیش رو',
  noUpcoming: 'جلسه‌ای در پیش نیست.',
  more: (n: number) => `همه جلسه‌ها (${formatPersianNumber(n)} جلسه دیگر)`,
  moved: 'جابه‌جا شده',
  movedFrom: (from: string) => `به جای ${from}`,
  cancelled: 'لغو شد',
  hours: (start: string, end: string) => `ساعت ${formatHoursRange(start, end)}`,
} as const;

/** «دوشنبه ۱۰ آذر ۱۴۰۵» */
function sessionDay(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return `${jalaliWeekdayNames[weekdayIndex(date)] ?? ''} ${formatJalaliLong(date)}`;
}

function SessionItem({ session, courseRoom }: { session: PublicSession; courseRoom: string }) {
  const cancelled = session.status === 'cancelled';
  const when = (
    <>
      <span className="schedule-session__day">{sessionDay(session.date)}</span>
      <span className="schedule-session__hours">{scheduleTexts.hours(session.startTime, session.endTime)}</span>
    </>
  );
  return (
    <li className={`schedule-session${cancelled ? ' schedule-session--cancelled' : ''}${session.movedFrom ? ' schedule-session--moved' : ''}`}>
      {cancelled ? <s className="schedule-session__when">{when}</s> : <span className="schedule-session__when">{when}</span>}
      {session.room && session.room !== courseRoom && <span className="schedule-session__room">{scheduleTexts.room(session.room)}</span>}
      {session.movedFrom && !cancelled && (
        <span className="schedule-session__badge schedule-session__badge--moved">
          {scheduleTexts.moved} · {scheduleTexts.movedFrom(sessionDay(session.movedFrom))}
        </span>
      )}
      {cancelled && <span className="schedule-session__badge schedule-session__badge--cancelled">{scheduleTexts.cancelled}</span>}
      {session.note && <span className="schedule-session__note">{toPersianDigits(session.note)}</span>}
    </li>
  );
}

export function CourseSchedule({ course, sessions }: { course: ScheduledCourse; sessions: readonly PublicSession[] }) {
  const lines = weeklyScheduleLines(course.weeklySlots);
  const online = course.type === 'online';
  const first = sessions.slice(0, shownFirst);
  const rest = sessions.slice(shownFirst);
  return (
    <section className="course-section course-schedule" aria-labelledby="course-schedule-title">
      <h2 id="course-schedule-title">{scheduleTexts.title}</h2>
      <dl className="schedule-facts">
        <div className="schedule-facts__wide">
          <dt>{scheduleTexts.pattern}</dt>
          <dd>
            {lines.length === 0 ? scheduleTexts.noPattern : lines.map((line) => <span key={line} className="schedule-line">{line}</span>)}
          </dd>
        </div>
        <div>
          <dt>{scheduleTexts.first}</dt>
          <dd>{formatJalaliLong(course.timeOfHolding)}</dd>
        </div>
        <div>
          <dt>{scheduleTexts.last}</dt>
          <dd>{formatJalaliLong(course.lastSessionDate)}</dd>
        </div>
        <div className="schedule-facts__wide">
          <dt>{scheduleTexts.place}</dt>
          <dd>
            {online ? (
              <>
                {scheduleTexts.online}
                <span className="schedule-muted">{scheduleTexts.onlineNote}</span>
              </>
            ) : (
              <>
                {course.address ? toPersianDigits(course.address) : '—'}
                {course.room && <span className="schedule-muted">{scheduleTexts.room(course.room)}</span>}
              </>
            )}
          </dd>
        </div>
      </dl>
      <h3 className="schedule-subtitle">{scheduleTexts.upcoming}</h3>
      {sessions.length === 0 ? (
        <p className="schedule-muted">{scheduleTexts.noUpcoming}</p>
      ) : (
        <>
          <ol className="schedule-sessions">
            {first.map((session, index) => (
              <SessionItem key={`${session.date ?? ''}-${session.startTime}-${index}`} session={session} courseRoom={course.room} />
            ))}
          </ol>
          {rest.length > 0 && (
            <details className="schedule-more">
              <summary>{scheduleTexts.more(rest.length)}</summary>
              <ol className="schedule-sessions">
                {rest.map((session, index) => (
                  <SessionItem key={`${session.date ?? ''}-${session.startTime}-${index}`} session={session} courseRoom={course.room} />
                ))}
              </ol>
            </details>
          )}
        </>
      )}
    </section>
  );
}
