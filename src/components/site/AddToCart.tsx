import { useEffect, useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import { api, serverMessage } from '../../api/client';
import { ageMisfit, ageWarningText, type AgeRange } from '../../../schema/rules/age';
import { addChildHref } from '../../../schema/rules/forms/redirect';
import { registrationClosedText } from './courseFormat';
import { loadingText } from './RoutePending';
import { StatusMessage } from './StatusMessage';
import { useAuthState } from './useAuthState';

type Child = components['schemas']['Child'];

export const addToCartTexts = {
  add: 'افزودن به سبد خرید',
  adding: 'در حال افزودن...',
  signInFirst: 'برای ثبت‌نام ابتدا وارد حساب کاربری شوید.',
  chooseChild: 'ثبت‌نام برای کدام فرزند؟',
  noChildren: 'برای ثبت‌نام، ابتدا مشخصات فرزندتان را در داشبورد ثبت کنید.',
  addChild: 'افزودن فرزند',
  addAnother: 'افزودن فرزند دیگر',
  added: 'دوره به سبد خرید اضافه شد.',
  goToCart: 'مشاهده سبد خرید',
  failed: 'افزودن به سبد خرید انجام نشد.',
  childrenFailed: 'دریافت فهرست فرزندان انجام نشد.',
  ageConfirm: 'می‌دانم و با این حال ثبت‌نام می‌کنم',
  ageConfirmFirst: 'برای ادامه، تأیید کنید که از محدوده سنی دوره آگاهید.',
} as const;

type ChildrenState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; children: Child[] };
type SubmitState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'added' } | { kind: 'failed'; message: string };

export interface AddToCartProps {
  courseId: number;
  registrationOpen: boolean;
  /** The course page's own address, to come back to after signing in. */
  returnTo: string;
  /** The course's age range (0 = no bound) and start: a child outside it is warned about. */
  ageMin?: number;
  ageMax?: number;
  timeOfHolding?: string | null;
  /** The child to choose first (`?child=`, the one just added from this page). */
  chosenChild?: number;
}

/** An island (src/islands/): plain links, no router. */
export function AddToCart({ courseId, registrationOpen, returnTo, ageMin = 0, ageMax = 0, timeOfHolding = null, chosenChild }: AddToCartProps) {
  const auth = useAuthState();

  if (!registrationOpen) {
    return <StatusMessage kind="error">{registrationClosedText}</StatusMessage>;
  }
  if (auth.kind === 'guest') {
    return (
      <div className="add-to-cart">
        <p className="add-to-cart__note">{addToCartTexts.signInFirst}</p>
        <a href={`/auth/sign-in?${new URLSearchParams({ redirect: returnTo })}`} className="button button--primary">
          {addToCartTexts.add}
        </a>
      </div>
    );
  }
  // Keyed by the token so another account's children are never offered.
  return <ChildPicker key={auth.token} courseId={courseId} range={{ ageMin, ageMax, timeOfHolding }} returnTo={returnTo} chosenChild={chosenChild} />;
}

interface ChildPickerProps {
  courseId: number;
  range: AgeRange;
  returnTo: string;
  chosenChild: number | undefined;
}

function ChildPicker({ courseId, range, returnTo, chosenChild }: ChildPickerProps) {
  const selectId = `add-to-cart-child-${courseId}`;
  const [children, setChildren] = useState<ChildrenState>({ kind: 'loading' });
  const [childId, setChildId] = useState('');
  const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' });
  // A child outside the course's ages is the parent's call: warned, then asked to confirm.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [askConfirm, setAskConfirm] = useState(false);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Children').then(({ data }) => {
      if (!active) return;
      if (!data) {
        setChildren({ kind: 'failed' });
        return;
      }
      setChildren({ kind: 'loaded', children: data });
      const first = data.find((child) => child.id === chosenChild) ?? data[0];
      if (first) setChildId(String(first.id));
    });
    return () => {
      active = false;
    };
  }, [chosenChild]);

  if (children.kind === 'loading') return <p className="loading-fallback">{loadingText}</p>;
  if (children.kind === 'failed') return <StatusMessage kind="error">{addToCartTexts.childrenFailed}</StatusMessage>;
  if (children.children.length === 0) {
    return (
      <div className="add-to-cart">
        <p className="add-to-cart__note">{addToCartTexts.noChildren}</p>
        <a href={addChildHref(returnTo)} className="button button--primary">
          {addToCartTexts.addChild}
        </a>
      </div>
    );
  }

  const chosen = children.children.find((child) => String(child.id) === childId);
  const misfit = chosen ? ageMisfit(chosen.birthDate, range) : null;
  const confirmId = `add-to-cart-age-${courseId}`;

  const add = async () => {
    if (misfit && !ageConfirmed) {
      setAskConfirm(true);
      return;
    }
    setSubmit({ kind: 'saving' });
    const { data, error } = await api.POST('/api/Cart/Add', {
      body: { courseId, childId: Number(childId) },
    });
    setSubmit(data ? { kind: 'added' } : { kind: 'failed', message: serverMessage(error) ?? addToCartTexts.failed });
  };

  return (
    <form
      className="add-to-cart"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <div className="field">
        <label htmlFor={selectId}>{addToCartTexts.chooseChild}</label>
        <select
          id={selectId}
          value={childId}
          onChange={(event) => {
            setChildId(event.target.value);
            setSubmit({ kind: 'idle' });
            setAgeConfirmed(false);
            setAskConfirm(false);
          }}
        >
          {children.children.map((child) => (
            <option key={child.id} value={child.id}>
              {child.firstName} {child.lastName}
            </option>
          ))}
        </select>
        <a href={addChildHref(returnTo)} className="add-to-cart__add-child">
          {addToCartTexts.addAnother}
        </a>
      </div>
      {misfit && chosen && (
        <div className="age-warning" role="status">
          <p>{ageWarningText(chosen.firstName, misfit)}</p>
          <label htmlFor={confirmId} className="add-to-cart__confirm">
            <input
              id={confirmId}
              type="checkbox"
              checked={ageConfirmed}
              aria-invalid={askConfirm && !ageConfirmed ? true : undefined}
              onChange={(event) => {
                setAgeConfirmed(event.target.checked);
                setAskConfirm(false);
              }}
            />{' '}
            {addToCartTexts.ageConfirm}
          </label>
          {askConfirm && !ageConfirmed && <p className="field__error">{addToCartTexts.ageConfirmFirst}</p>}
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={submit.kind === 'saving'}>
        {submit.kind === 'saving' ? addToCartTexts.adding : addToCartTexts.add}
      </button>
      {submit.kind === 'added' && (
        <StatusMessage kind="success">
          {addToCartTexts.added} <a href="/dashboard/cart">{addToCartTexts.goToCart}</a>
        </StatusMessage>
      )}
      {submit.kind === 'failed' && <StatusMessage kind="error">{submit.message}</StatusMessage>}
    </form>
  );
}
