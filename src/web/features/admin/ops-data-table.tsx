import type { ReactNode } from "react";
import styles from "./admin.module.css";
import report from "./admin-report.module.css";
import { OpsTable } from "./ops-list.tsx";
import type { ReportColumn } from "./report-table.tsx";

// The back office's lists of records (an order's payments, returns and history, the B2 check, the
// ledger's moves) are each a header row and one row per record: described here once by their
// columns, in the report tables' column shape, so a list is its columns only.

export type OpsColumn<Row> = ReportColumn<Row>;

function cellClass(column: OpsColumn<never>): string | undefined {
  const names = [column.numeric && styles.number, column.wide && report.wide, column.className].filter(Boolean);
  return names.length > 0 ? names.join(" ") : undefined;
}

/**
 * A table of `rows` under its column headings, in its scrolling frame; `foot` (a tfoot) closes it.
 * `rowTestId` names each row for the journeys, one name for all or one per row.
 */
export function OpsDataTable<Row>(props: {
  columns: OpsColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
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
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.numeric ? styles.number : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={props.rowKey(row, index)} data-testid={typeof rowTestId === "function" ? rowTestId(row) : rowTestId}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.label} scope="row" className={cellClass(column)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {props.foot}
    </OpsTable>
  );
}
