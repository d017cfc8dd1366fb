import type { Key, ReactNode } from "react";
import report from "./admin-report.module.css";
import { OpsTable } from "./ops-list.tsx";

// The order pages' lists of records (an order's payments, lines, returns and history, the B2 check,
// the ledger's moves) are each a header row and one row per record: described here once by their
// columns, so a list is its columns only and the markup (scopes, classes) is written once.

/** One column: its heading and what each row shows under it. */
export interface OpsColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell names its row (a product): drawn as `<th scope="row">`. */
  rowHeader?: boolean;
  /** On the heading and the cells alike, e.g. `styles.number` for a column of figures. */
  className?: string | undefined;
  /** On the cells only, e.g. `styles.nowrap` for a date. */
  cellClassName?: string | undefined;
}

/**
 * A table of `rows` under its column headings, in its scrolling frame; `foot` (a tfoot) closes it.
 * `rowTestId` names each row for the journeys, one name for all or one per row.
 */
export function OpsDataTable<Row>(props: {
  columns: readonly OpsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowTestId?: string | ((row: Row) => string);
  /** The heading that names the table, when it has one. */
  labelledBy?: string;
  /** The liquor books' layout: every cell on one line but the wide ones. */
  books?: boolean;
  testId?: string;
  foot?: ReactNode;
}) {
  const { columns, rowTestId } = props;
  return (
    <OpsTable labelledBy={props.labelledBy} className={props.books ? report.books : undefined} testId={props.testId}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={props.rowKey(row, index)} data-testid={typeof rowTestId === "function" ? rowTestId(row) : rowTestId}>
            {columns.map((column, at) => {
              const Cell = column.rowHeader ? "th" : "td";
              const names = [column.className, column.cellClassName].filter(Boolean);
              return (
                <Cell key={at} scope={column.rowHeader ? "row" : undefined} className={names.length > 0 ? names.join(" ") : undefined}>
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
      {props.foot}
    </OpsTable>
  );
}
