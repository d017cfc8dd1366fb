import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import css from "./admin-catalogue.module.css";
import report from "./admin-report.module.css";
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";
import { LedgerForm, japanToday, useLedgerPost } from "./stock-ledger-section.tsx";
import { Input } from "../../ui/field.tsx";

export interface SupplierRow {
  id: number;
  name: string;
  address: string;
  invoice_number: string | null;
}

export interface StockTakeStatus {
  stock_takes: { id: number; taken_on: string; note: string; kept_until: string }[];
  last_taken_on: string | null;
  overdue: boolean;
}

/** The suppliers the 仕入帳 names, with their invoice registration numbers, and the form to add one (decision 061). */
export function SuppliersSection({ suppliers }: { suppliers: SupplierRow[] }) {
  const ta = useAdminText();
  const add = useLedgerPost("/suppliers", ta("adminBooks.supplierAdded"));
  return (
    <AdminSection id="suppliers-title" title={ta("adminBooks.suppliers")} testId="suppliers">
      <p className={styles.muted}>{ta("adminBooks.suppliersIntro")}</p>
      {suppliers.length === 0 ? (
        <p className={styles.muted}>{ta("adminBooks.noSuppliers")}</p>
      ) : (
        <DataTable
          books
          columns={[
            { header: ta("adminBooks.supplierName"), cellClassName: report.wide, cell: (supplier) => supplier.name },
            { header: ta("adminBooks.supplierAddress"), cellClassName: report.wide, cell: (supplier) => supplier.address },
            { header: ta("adminBooks.invoiceNumber"), cell: (supplier) => supplier.invoice_number ?? ta("adminBooks.notRegistered") },
          ]}
          rows={suppliers}
          rowKey={(supplier) => supplier.id}
          rowTestId="supplier-row"
        />
      )}
      <LedgerForm post={add} submitLabel={ta("adminBooks.addSupplier")}>
        <Input label={ta("adminBooks.supplierName")} name="supplier_name" autoComplete="organization" required error={add.error("supplier_name")} />
        <Input label={ta("adminBooks.supplierAddress")} name="supplier_address" autoComplete="street-address" required error={add.error("supplier_address")} />
        <Input label={ta("adminBooks.invoiceNumber")} name="invoice_number" hint={ta("adminBooks.invoiceHint")} error={add.error("invoice_number")} />
      </LedgerForm>
    </AdminSection>
  );
}

/** 実地棚卸し: the warning when one is overdue, the form to record one, and the records with how long they are kept. */
export function StockTakesSection({ status }: { status: StockTakeStatus }) {
  const ta = useAdminText();
  const record = useLedgerPost("/ledger/stock-takes", ta("adminBooks.stockTakeRecorded"));
  return (
    <AdminSection id="stock-takes-title" title={ta("adminBooks.stockTakes")} testId="stock-takes">
      <p className={styles.muted}>{ta("adminBooks.stockTakesIntro")}</p>
      {status.overdue ? (
        <p className={styles.warning} role="alert" data-testid="stock-take-overdue">
          {status.last_taken_on ? ta("adminBooks.stockTakeOverdue", { last: status.last_taken_on }) : ta("adminBooks.stockTakeNone")}
        </p>
      ) : (
        <p>{ta("adminBooks.stockTakeLast", { last: status.last_taken_on ?? "" })}</p>
      )}
      <LedgerForm post={record} submitLabel={ta("adminBooks.recordStockTake")}>
        <div className={css.grid}>
          <Input label={ta("adminBooks.takenOn")} name="taken_on" type="date" defaultValue={japanToday()} required error={record.error("taken_on")} />
          <Input label={ta("adminBooks.note")} name="note" error={record.error("note")} />
        </div>
      </LedgerForm>
      {status.stock_takes.length > 0 && (
        <DataTable
          books
          columns={[
            { header: ta("adminBooks.takenOn"), cell: (row) => row.taken_on },
            { header: ta("adminBooks.note"), cellClassName: report.wide, cell: (row) => row.note },
            { header: ta("adminBooks.keptUntil"), cell: (row) => row.kept_until },
          ]}
          rows={status.stock_takes}
          rowKey={(row) => row.id}
        />
      )}
      <p className={styles.muted}>{ta("adminBooks.retention")}</p>
    </AdminSection>
  );
}
