import type { ComponentType, DetailedHTMLProps, HTMLAttributes } from 'react';
import type { IslandName, IslandProps } from './registry';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX's element table lives in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'academy-island': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

interface IslandOptions<N extends IslandName> {
  name: N;
  component: ComponentType<IslandProps<N>>;
  props: IslandProps<N>;
}

/**
 * A part of a public page that answers the visitor (the menu, a form). Inside the SPA it is just
 * its component. On a server-rendered page the browser loads neither the router nor the page's
 * other code: src/islands/main.tsx hydrates each of these elements on its own, from the props
 * written here. So an island's component must not use the router or React's useId, and islands
 * must not nest.
 */
export function Island<N extends IslandName>({ name, component: Component, props }: IslandOptions<N>) {
  return (
    <academy-island data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </academy-island>
  );
}
