import { Link } from "react-router";
import { buttonClass } from "../../ui/button.tsx";
import list from "./admin-orders.module.css";
import { useOpsText } from "./ops-i18n.ts";

/** Previous / "page n of m" / next for a list whose query string carries `page`. */
export function OpsPagination({ path, search, current, total }: { path: string; search: URLSearchParams; current: number; total: number }) {
  const to = useOpsText();
  if (total <= 1) return null;
  const pageLink = (page: number) => {
    const query = new URLSearchParams(search);
    if (page > 1) query.set("page", String(page));
    else query.delete("page");
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  return (
    <PagerNav
      current={current}
      total={total}
      href={pageLink}
      label={to("ops.pagination")}
      pageOf={to("ops.pageOf", { page: current, total })}
      previous={to("ops.previous")}
      next={to("ops.next")}
    />
  );
}

/**
 * The pager's markup: previous / the page / next, a blank where there is no neighbour so the
 * three keep their places. The texts are the caller's (the lists' and the bulk screen's differ).
 */
export function PagerNav(props: {
  current: number;
  total: number;
  href: (page: number) => string;
  label: string;
  pageOf: string;
  previous: string;
  next: string;
}) {
  const { current, total, href } = props;
  return (
    <nav className={list.pagination} aria-label={props.label}>
      {current > 1 ? (
        <Link to={href(current - 1)} className={buttonClass("secondary")} rel="prev">
          {props.previous}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{props.pageOf}</span>
      {current < total ? (
        <Link to={href(current + 1)} className={buttonClass("secondary")} rel="next">
          {props.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
