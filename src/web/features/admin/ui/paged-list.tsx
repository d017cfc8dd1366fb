import { OpsListSection } from "../ops-list.tsx";
import type { Paged } from "../ops-resources.ts";
import { type Column, TableRows } from "./data-table.tsx";

/**
 * One page of a back-office list read from the API (audit log, inquiries, members): the list's
 * section with its count, the table drawn from `columns` (each row keyed by its id) or
 * `emptyText`, and the pager.
 */
export function PagedList<Row extends { id: number }>(props: {
  id: string;
  title: string;
  emptyText: string;
  /** Where the pager's links go, with the list's search. */
  path: string;
  search: string;
  list: Paged<Row>;
  columns: readonly Column<Row>[];
  rowTestId: string;
}) {
  const { list, columns, rowTestId, ...section } = props;
  return (
    <OpsListSection {...section} pagination={list.meta.pagination} isEmpty={list.data.length === 0}>
      <TableRows columns={columns} rows={list.data} rowKey={(row) => row.id} rowTestId={rowTestId} />
    </OpsListSection>
  );
}
