// The course page's sign-up box (an island): add to cart while the course has seats; once full,
// «ثبت‌نام در فهرست انتظار» — a dialog asks which child and joins them to the waiting list — and
// for a child whose seat is held (an offer from the list) add-to-cart again, with the hold's end.
import { useEffect, useRef, useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import { api, serverMessage } from '../../api/client';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { addChildHref } from '../../../schema/rules/forms/redirect';
import { toPersianDigits } from '../../../schema/rules/text';
import { AddToCart, addToCartTexts, type AddToCartProps } from './AddToCart';
import { loadingText } from './RoutePending';
import { StatusMessage } from './StatusMessage';
import { useAuthState } from './useAuthState';

type Child = components['schemas']['Child'];
type WaitlistItem = components['schemas']['WaitlistItem'];

export const waitlistTexts = {
  join: 'ثبت‌نام در فهرست انتظار',
  full: 'ظرفیت این دوره تکمیل است. فرزندتان را در فهرست انتظار ثبت کنید تا اگر صندلی‌ای خالی شد، به او پیشنهاد شود.',
  dialogTitle: 'ثبت در فهرست انتظار',
  chooseChild: 'کدام فرزند منتظر صندلی بماند؟',
  submit: 'ثبت در فهرست',
  saving: 'در حال ثبت...',
  cancel: 'انصراف',
  failed: 'ثبت در فهرست انتظار انجام نشد.',
  waiting: (name: string, position: number) => `${name} در فهرست انتظار است؛ نوبت ${toPersianDigits(position)}.`,
  offered: (name: string, until: string) => `یک صندلی برای ${name} تا ${until} نگه داشته شده است؛ آن را به سبد خرید اضافه کنید و بپردازید.`,
  loadFailed: 'دریافت اطلاعات فهرست انتظار انجام نشد.',
} as const;

interface CourseEnrolProps extends AddToCartProps {
  /** No seat left for a newcomer (PublicCourse.seatsLeft === 0). */
  full: boolean;
}

/** An island (src/islands/): plain links, no router. */
export function CourseEnrol(props: CourseEnrolProps) {
  const auth = useAuthState();
  if (!props.full || !props.registrationOpen) return <AddToCart {...props} />;
  if (auth.kind === 'guest') {
    return (
      <div className="add-to-cart">
        <p className="add-to-cart__note">{waitlistTexts.full}</p>
        <a href={`/auth/sign-in?${new URLSearchParams({ redirect: props.returnTo })}`} className="button button--primary">
          {waitlistTexts.join}
        </a>
      </div>
    );
  }
  return <Waitlist key={auth.token} {...props} />;
}

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; children: Child[]; entries: WaitlistItem[] };

function Waitlist(props: CourseEnrolProps) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const load = async () => {
    const [children, entries] = await Promise.all([api.GET('/api/Children'), api.GET('/api/Waitlist')]);
    setState(children.data && entries.data ? { kind: 'loaded', children: children.data, entries: entries.data.filter((e) => e.course.id === props.courseId) } : { kind: 'failed' });
  };
  useEffect(() => {
    let active = true;
    void Promise.all([api.GET('/api/Children'), api.GET('/api/Waitlist')]).then(([children, entries]) => {
      if (!active) return;
      setState(children.data && entries.data ? { kind: 'loaded', children: children.data, entries: entries.data.filter((e) => e.course.id === props.courseId) } : { kind: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [props.courseId]);

  if (state.kind === 'loading') return <p className="loading-fallback">{loadingText}</p>;
  if (state.kind === 'failed') return <StatusMessage kind="error">{waitlistTexts.loadFailed}</StatusMessage>;
  const offers = state.entries.filter((e) => e.status === 'offered');
  const waiting = state.entries.filter((e) => e.status === 'waiting');
  const listed = new Set([...offers, ...waiting].map((e) => e.childId));
  const free = state.children.filter((c) => !listed.has(c.id));
  return (
    <div className="waitlist-box">
      {offers.map((offer) => (
        <StatusMessage key={offer.id} kind="success">
          {waitlistTexts.offered(offer.childName, formatJalaliDateTime(offer.holdUntil))}
        </StatusMessage>
      ))}
      {offers.length > 0 && <AddToCart {...props} />}
      {waiting.map((entry) => (
        <StatusMessage key={entry.id} kind="info">
          {waitlistTexts.waiting(entry.childName, entry.position)}
        </StatusMessage>
      ))}
      {offers.length === 0 && <p className="add-to-cart__note">{waitlistTexts.full}</p>}
      {state.children.length === 0 ? (
        <a href={addChildHref(props.returnTo)} className="button button--primary">
          {addToCartTexts.addChild}
        </a>
      ) : (
        free.length > 0 && <JoinDialog courseId={props.courseId} children={free} chosenChild={props.chosenChild} onJoined={() => void load()} />
      )}
    </div>
  );
}

interface JoinDialogProps {
  courseId: number;
  children: Child[];
  chosenChild: number | undefined;
  onJoined: () => void;
}

function JoinDialog({ courseId, children, chosenChild, onJoined }: JoinDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const selectId = `waitlist-child-${courseId}`;
  const [childId, setChildId] = useState(String((children.find((child) => child.id === chosenChild) ?? children[0])?.id ?? ''));
  const [submit, setSubmit] = useState<{ kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const join = async () => {
    setSubmit({ kind: 'saving' });
    const { data, error } = await api.POST('/api/Waitlist/Join', { body: { courseId, childId: Number(childId) } });
    if (!data) {
      setSubmit({ kind: 'failed', message: serverMessage(error) ?? waitlistTexts.failed });
      return;
    }
    setSubmit({ kind: 'idle' });
    dialog.current?.close();
    onJoined();
  };
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => dialog.current?.showModal()}>
        {waitlistTexts.join}
      </button>
      <dialog ref={dialog} className="waitlist-dialog" aria-labelledby={`${selectId}-title`}>
        <form
          method="dialog"
          className="add-to-cart"
          onSubmit={(event) => {
            event.preventDefault();
            void join();
          }}
        >
          <h2 id={`${selectId}-title`}>{waitlistTexts.dialogTitle}</h2>
          <div className="field">
            <label htmlFor={selectId}>{waitlistTexts.chooseChild}</label>
            <select id={selectId} value={childId} onChange={(event) => setChildId(event.target.value)}>
              {children.map((child) => (
                <option key={child.id} value={child.id}>
                  {child.firstName} {child.lastName}
                </option>
              ))}
            </select>
          </div>
          {submit.kind === 'failed' && <StatusMessage kind="error">{submit.message}</StatusMessage>}
          <div className="waitlist-dialog__actions">
            <button type="submit" className="button button--primary" disabled={submit.kind === 'saving'}>
              {submit.kind === 'saving' ? waitlistTexts.saving : waitlistTexts.submit}
            </button>
            <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
              {waitlistTexts.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
