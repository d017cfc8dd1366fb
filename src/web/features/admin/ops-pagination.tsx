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
    <nav className={list.pagination} aria-label={to("ops.pagination")}>
      {current > 1 ? (
        <Link to={pageLink(current - 1)} className={buttonClass("secondary")} rel="prev">
          {to("ops.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{to("ops.pageOf", { page: current, total })}</span>
      {current < total ? (
        <Link to={pageLink(current + 1)} className={buttonClass("secondary")} rel="next">
          {to("ops.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
