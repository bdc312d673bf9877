// Every island a server-rendered page may carry: its name (written into the page), the schema of
// the props the server rendered it with, and its component. Page-specific islands load on
// demand, so a page fetches only the code of the islands it has.
import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import * as v from 'valibot';
import { courseTypes, difficulties, sortOrders } from '../../schema/rules/courseFilters';
import { postedFormSchema } from '../../schema/rules/forms/postedForm';
import { ScrollTopButton } from '../components/site/ScrollTopButton';
import { SiteHeader } from '../components/site/SiteHeader';
import { TrustLogo } from '../components/site/TrustLogo';

function defineIsland<P extends object>(props: v.GenericSchema<unknown, P>, load: () => Promise<ComponentType<P>>) {
  return {
    props,
    async hydrate(element: HTMLElement): Promise<void> {
      // The props are the server's own, but a page can be edited or cached wrongly: a mismatch
      // fails this island alone, loudly, rather than rendering something the server did not.
      const parsed = v.parse(props, JSON.parse(element.dataset.props ?? '{}'));
      const Component = await load();
      hydrateRoot(
        element,
        <StrictMode>
          <Component {...parsed} />
        </StrictMode>,
      );
    },
  };
}

const noProps = v.object({});
const courseSearch = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(100))),
  age: v.optional(v.number()),
  category: v.optional(v.pipe(v.string(), v.maxLength(200))),
  type: v.optional(v.picklist(courseTypes)),
  day: v.optional(v.number()),
  priceMin: v.optional(v.number()),
  priceMax: v.optional(v.number()),
  from: v.optional(v.string()),
  difficulty: v.optional(v.picklist(difficulties)),
  sort: v.optional(v.picklist(sortOrders)),
  page: v.optional(v.number()),
});
const courseFilters = v.object({
  search: courseSearch,
  path: v.string(),
  today: v.string(),
  categories: v.optional(v.array(v.object({ slug: v.string(), name: v.string() }))),
});
const posted = v.optional(postedFormSchema);
const authRedirect = v.object({ redirect: v.optional(v.string()), with: v.optional(v.picklist(['code', 'email'])), posted });

export const islands = {
  SiteHeader: defineIsland(v.object({ pathname: v.string() }), async () => SiteHeader),
  ScrollTopButton: defineIsland(noProps, async () => ScrollTopButton),
  TrustLogo: defineIsland(noProps, async () => TrustLogo),
  CourseFilters: defineIsland(courseFilters, () =>
    import('../components/site/CourseFilters').then((module) => module.CourseFilters),
  ),
  CourseEnrol: defineIsland(
    v.object({
      courseId: v.number(),
      registrationOpen: v.boolean(),
      returnTo: v.string(),
      full: v.boolean(),
      // The course's age range and start, for the age warning (schema/rules/age.ts).
      ageMin: v.optional(v.number(), 0),
      ageMax: v.optional(v.number(), 0),
      timeOfHolding: v.optional(v.nullable(v.string()), null),
      chosenChild: v.optional(v.number()),
    }),
    () =>
    import('../components/site/CourseEnrol').then((module) => module.CourseEnrol),
  ),
  ContactForm: defineIsland(v.object({ posted }), () => import('../components/site/ContactForm').then((module) => module.ContactForm)),
  SignInForm: defineIsland(authRedirect, () => import('../components/site/auth/SignInForm').then((module) => module.SignInForm)),
  SignUpForm: defineIsland(authRedirect, () => import('../components/site/auth/SignUpForm').then((module) => module.SignUpForm)),
  ForgotPasswordForm: defineIsland(authRedirect, () =>
    import('../components/site/auth/ForgotPasswordForm').then((module) => module.ForgotPasswordForm),
  ),
  ResetPasswordForm: defineIsland(v.object({ token: v.pipe(v.string(), v.maxLength(200)) }), () =>
    import('../components/site/auth/ResetPasswordForm').then((module) => module.ResetPasswordForm),
  ),
};

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = v.InferOutput<(typeof islands)[N]['props']>;

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islands, name);
}
