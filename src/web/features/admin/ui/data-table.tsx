import type { Key, ReactNode } from "react";
import report from "../admin-report.module.css";
import styles from "../admin.module.css";

/** One column of a back-office table: its heading and what each row shows under it. */
export interface Column<Row> {
  /** The heading (null for a column of buttons that needs none). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell names its row (a product, a member): drawn as `<th scope="row">`. */
  rowHeader?: boolean;
  /** On the heading and the cells alike, e.g. `styles.number` for a column of figures. */
  className?: string | undefined;
  /** On the cells only, e.g. `styles.nowrap` for a date. */
  cellClassName?: string | undefined;
  cellTestId?: string;
}

/** Class names joined, the absent ones left out; undefined when none is left. */
export function classes(...names: (string | false | undefined)[]): string | undefined {
  const present = names.filter(Boolean);
  return present.length > 0 ? present.join(" ") : undefined;
}

/** The heading row of a table drawn from its columns. */
export function TableHead<Row>({ columns }: { columns: readonly Column<Row>[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.className}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One row of a table drawn from its columns. */
export function TableRow<Row>({ columns, row, testId }: { columns: readonly Column<Row>[]; row: Row; testId?: string | undefined }) {
  return (
    <tr data-testid={testId}>
      {columns.map((column, index) => {
        const Cell = column.rowHeader ? "th" : "td";
        return (
          <Cell
            key={index}
            scope={column.rowHeader ? "row" : undefined}
            className={classes(column.className, column.cellClassName)}
            data-testid={column.cellTestId}
          >
            {column.cell(row)}
          </Cell>
        );
      })}
    </tr>
  );
}

export interface TableRowsProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowTestId?: string | ((row: Row) => string);
}

/**
 * A table's head and body drawn from its columns, for a frame that draws the `<table>` itself
 * (OpsListSection, TableFrame). Every back-office list wrote these by hand; the columns say what a
 * list shows, and the markup (scopes, classes) is written once.
 */
export function TableRows<Row>({ columns, rows, rowKey, rowTestId }: TableRowsProps<Row>) {
  return (
    <>
      <TableHead columns={columns} />
      <tbody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)} columns={columns} row={row} testId={typeof rowTestId === "function" ? rowTestId(row) : rowTestId} />
        ))}
      </tbody>
    </>
  );
}

/** A back-office table in its scrolling frame, named by the heading `labelledBy` points at; `className` adds a layout (the books'). */
export function TableFrame({
  labelledBy,
  className,
  testId,
  children,
}: {
  labelledBy?: string | undefined;
  className?: string | undefined;
  testId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table} aria-labelledby={labelledBy} data-testid={testId}>
        {children}
      </table>
    </div>
  );
}

/**
 * A back-office table in its scrolling frame, drawn from its columns; with `empty`, that text
 * (muted) stands instead of a table without rows. `foot` (a tfoot) closes it; `books` gives it the
 * liquor books' layout (every cell on one line but the wide ones).
 */
export function DataTable<Row>(props: TableRowsProps<Row> & { empty?: ReactNode; labelledBy?: string; testId?: string; books?: boolean; foot?: ReactNode }) {
  const { empty, labelledBy, testId, books, foot, ...rows } = props;
  if (empty !== undefined && rows.rows.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <TableFrame labelledBy={labelledBy} className={books ? report.books : undefined} testId={testId}>
      <TableRows {...rows} />
      {foot}
    </TableFrame>
  );
}
