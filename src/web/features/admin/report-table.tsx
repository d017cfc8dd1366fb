import { Fragment } from "react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Select } from "../../ui/field.tsx";
import styles from "./admin.module.css";
import { AdminSection } from "./ui/admin-section.tsx";
import { type Column, classes, TableHead, TableRow } from "./ui/data-table.tsx";
import report from "./admin-report.module.css";

// The back office's report screens (dashboard, 酒類販売数量, 酒類の帳簿, mail magazine) show the same
// three things: a GET form that picks the period or year, CSV downloads beside it, and tables of
// figures. One shape for each, so the screens look alike and a new report is its columns only.

/** A CSV download of /admin/api: the screen's query, then format=csv. */
export function csvHref(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  params.set("format", "csv");
  return `/admin/api/${path}?${params}`;
}

/** The fiscal years a report offers: this one first, back to the first with data, ten at most. */
export function fiscalYears(meta: { current_fiscal_year: number; first_fiscal_year: number }): number[] {
  const years: number[] = [];
  for (let year = meta.current_fiscal_year; year >= Math.max(meta.first_fiscal_year, meta.current_fiscal_year - 9); year--) years.push(year);
  return years;
}

/** The fiscal year a report shows (`year` in its address), chosen among those `fiscalYears` offers. */
export function FiscalYearSelect(props: {
  label: string;
  value: string;
  meta: { current_fiscal_year: number; first_fiscal_year: number };
  optionLabel: (year: number) => string;
}) {
  return (
    <Select
      label={props.label}
      name="year"
      defaultValue={props.value}
      options={fiscalYears(props.meta).map((year) => ({ value: String(year), label: props.optionLabel(year) }))}
    />
  );
}

export interface Download {
  href: string;
  label: string;
}

/** The buttons beside a report's fields: `children` first (the form's submit), then the downloads. */
export function ReportActions({ downloads, children }: { downloads: Download[]; children?: ReactNode }) {
  return (
    <div className={report.actions}>
      {children}
      {downloads.map((download) => (
        <a key={download.href} className={buttonClass("ghost")} href={download.href} download>
          {download.label}
        </a>
      ))}
    </div>
  );
}

/**
 * A report's period or year as a GET form (the choice stays in the address, so a reload or a
 * shared link shows the same figures), with its downloads. `keep` carries values of another form
 * of the same screen along.
 */
export function ReportForm({
  submitLabel,
  downloads,
  keep = {},
  children,
}: {
  submitLabel: string;
  downloads: Download[];
  keep?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return (
    <Form method="get" className={report.controls}>
      {Object.entries(keep).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      {children}
      <ReportActions downloads={downloads}>
        <Button type="submit">{submitLabel}</Button>
      </ReportActions>
    </Form>
  );
}

/** A titled part of a report screen; its id names it for screen readers and tests. */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <AdminSection id={id} title={title} testId={id}>
      {children}
    </AdminSection>
  );
}

export interface ReportColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** A figure: right-aligned, on one line. */
  numeric?: boolean;
  /** Free text that may wrap in a books table. */
  wide?: boolean;
  /** The cell names its row (a row header). */
  rowHeader?: boolean;
  className?: string;
}

/** A group's closing row: its label across the first columns, its figures under the last ones. */
export interface ReportSubtotal {
  label: ReactNode;
  figures: ReactNode[];
}

export interface ReportGroup<Row> {
  key: string;
  rows: Row[];
  subtotal: ReportSubtotal;
}

type ReportTableProps<Row> = {
  columns: ReportColumn<Row>[];
  rowKey: (row: Row, index: number) => string;
  /** Said instead of the table when there is nothing to show. */
  empty: string;
  /** The liquor books' layout: every cell on one line but the wide ones. */
  books?: boolean;
} & ({ rows: Row[]; groups?: never } | { groups: ReportGroup<Row>[]; rows?: never });

/** A report's column as the back office's tables draw it: a figure's class on its heading too. */
function asColumn<Row>(column: ReportColumn<Row>): Column<Row> {
  return {
    header: column.label,
    cell: column.cell,
    rowHeader: column.rowHeader ?? false,
    className: column.numeric ? styles.number : undefined,
    cellClassName: classes(column.wide && report.wide, column.className),
  };
}

/** A report's table with a header row, its rows (or groups of rows with a subtotal each), or `empty`. */
export function ReportTable<Row>(props: ReportTableProps<Row>) {
  const { columns, rowKey, empty, books = false } = props;
  const count = props.groups ? props.groups.length : props.rows.length;
  if (count === 0) return <p className={styles.muted}>{empty}</p>;
  const shown = columns.map(asColumn);
  const rows = (list: Row[]) => list.map((row, index) => <TableRow key={rowKey(row, index)} columns={shown} row={row} />);
  return (
    <div className={styles.tableWrap}>
      <table className={books ? `${styles.table} ${report.books}` : styles.table}>
        <TableHead columns={shown} />
        <tbody>
          {props.groups
            ? props.groups.map((group) => (
                <Fragment key={group.key}>
                  {rows(group.rows)}
                  <tr className={styles.subtotal}>
                    <th scope="row" colSpan={columns.length - group.subtotal.figures.length}>
                      {group.subtotal.label}
                    </th>
                    {group.subtotal.figures.map((figure, index) => (
                      <td key={index} className={styles.number}>
                        {figure}
                      </td>
                    ))}
                  </tr>
                </Fragment>
              ))
            : rows(props.rows)}
        </tbody>
      </table>
    </div>
  );
}
