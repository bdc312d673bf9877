// The trail above a public page's title: home first, the page itself last and unlinked.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { toPersianDigits } from "../../../schema/rules/text";

/** `trail`: the links between home and this page (type-checked `<Link>`s written by the page). */
export function Breadcrumbs({
  trail = [],
  current,
}: {
  trail?: ReactNode[];
  current: string;
}) {
  return (
    <nav className="breadcrumbs" aria-label="مسیر صفحه">
      <ol>
        <li>
          <Link to="/">صفحه اصلی</Link>
        </li>
        {trail.map((link, index) => (
          <li key={index}>{link}</li>
        ))}
        <li aria-current="page">{toPersianDigits(current)}</li>
      </ol>
    </nav>
  );
}
