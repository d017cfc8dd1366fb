import type { FormEvent, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "../../../domain/format.ts";
import type { Locale } from "../../../domain/locale.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import list from "./admin-orders.module.css";
import styles from "./admin.module.css";
import { useOpsText } from "./ops-i18n.ts";
import { OpsPagination } from "./ops-pagination.tsx";
import { TableFrame } from "./ui/data-table.tsx";

/**
 * The filter form above a back-office list (audit log, inquiries, members): its fields, the submit
 * button and クリア back to the unfiltered list. A GET form, so it works before the script; keyed
 * by the search, so what the form shows follows the list after a navigation. `onSubmit` may take
 * the submission over (to leave empty fields out of the address).
 */
export function OpsListFilters(props: {
  path: string;
  search: string;
  submitLabel: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const to = useOpsText();
  return (
    <Form key={props.search} className={list.filters} method="get" role="search" onSubmit={props.onSubmit}>
      {props.children}
      <div className={list.buttons}>
        <Button type="submit">{props.submitLabel}</Button>
        <Link to={props.path} replace className={buttonClass("ghost")}>
          {to("ops.clear")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * An instant in a list's cell: the date and the time each kept whole, the line free to break
 * between them, so the column stays narrow on a phone instead of pushing the table off the screen.
 */
export function OpsDateTime({ at, locale }: { at: string; locale: Locale }) {
  const text = formatDateTime(new Date(at), locale);
  const cut = text.lastIndexOf(" ");
  return (
    <>
      <span className={styles.nowrap}>{text.slice(0, cut)}</span> <span className={styles.nowrap}>{text.slice(cut + 1)}</span>
    </>
  );
}

/**
 * One page of a back-office list: its heading with the count, the table (or the empty text) and the
 * pager, busy while the next page loads.
 */
export function OpsListSection(props: {
  id: string;
  title: string;
  emptyText: string;
  /** Where the pager's links go, with the list's search. */
  path: string;
  search: string;
  pagination: { current_page: number; total_page: number; total_count: number };
  isEmpty: boolean;
  /** The table's head and body. */
  children: ReactNode;
}) {
  const to = useOpsText();
  const navigation = useNavigation();
  const { current_page, total_page, total_count } = props.pagination;
  return (
    <section className={styles.section} aria-labelledby={props.id} aria-busy={navigation.state === "loading"}>
      <div className={list.listHeader}>
        <h2 id={props.id} className={styles.sectionTitle}>
          {props.title}
        </h2>
        <span className={styles.muted}>{to("ops.count", { count: total_count })}</span>
      </div>
      {props.isEmpty ? <p className={styles.muted}>{props.emptyText}</p> : <TableFrame labelledBy={props.id}>{props.children}</TableFrame>}
      <OpsPagination path={props.path} search={new URLSearchParams(props.search)} current={current_page} total={total_page} />
    </section>
  );
}
