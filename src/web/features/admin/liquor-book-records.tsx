import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import css from "./admin-catalogue.module.css";
import report from "./admin-report.module.css";
import { useLedgerPost } from "./stock-ledger-section.tsx";
import { Button } from "../../ui/button.tsx";
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

function japanToday(): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date());
}

/** The suppliers the 仕入帳 names, with their invoice registration numbers, and the form to add one (decision 061). */
export function SuppliersSection({ suppliers }: { suppliers: SupplierRow[] }) {
  const ta = useAdminText();
  const add = useLedgerPost("/suppliers", ta("adminBooks.supplierAdded"));
  return (
    <section className={styles.section} aria-labelledby="suppliers-title" data-testid="suppliers">
      <h2 id="suppliers-title" className={styles.sectionTitle}>
        {ta("adminBooks.suppliers")}
      </h2>
      <p className={styles.muted}>{ta("adminBooks.suppliersIntro")}</p>
      {suppliers.length === 0 ? (
        <p className={styles.muted}>{ta("adminBooks.noSuppliers")}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${report.books}`}>
            <thead>
              <tr>
                <th scope="col">{ta("adminBooks.supplierName")}</th>
                <th scope="col">{ta("adminBooks.supplierAddress")}</th>
                <th scope="col">{ta("adminBooks.invoiceNumber")}</th>
              </tr>
            </thead>
            <tbody>
              {suppliers.map((supplier) => (
                <tr key={supplier.id} data-testid="supplier-row">
                  <td className={report.wide}>{supplier.name}</td>
                  <td className={report.wide}>{supplier.address}</td>
                  <td>{supplier.invoice_number ?? ta("adminBooks.notRegistered")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className={css.fieldset} onSubmit={add.submit} aria-label={ta("adminBooks.addSupplier")} noValidate>
        <Input label={ta("adminBooks.supplierName")} name="supplier_name" autoComplete="organization" required error={add.error("supplier_name")} />
        <Input label={ta("adminBooks.supplierAddress")} name="supplier_address" autoComplete="street-address" required error={add.error("supplier_address")} />
        <Input label={ta("adminBooks.invoiceNumber")} name="invoice_number" hint={ta("adminBooks.invoiceHint")} error={add.error("invoice_number")} />
        <Button type="submit" disabled={add.busy}>
          {ta("adminBooks.addSupplier")}
        </Button>
      </form>
    </section>
  );
}

/** 実地棚卸し: the warning when one is overdue, the form to record one, and the records with how long they are kept. */
export function StockTakesSection({ status }: { status: StockTakeStatus }) {
  const ta = useAdminText();
  const record = useLedgerPost("/ledger/stock-takes", ta("adminBooks.stockTakeRecorded"));
  return (
    <section className={styles.section} aria-labelledby="stock-takes-title" data-testid="stock-takes">
      <h2 id="stock-takes-title" className={styles.sectionTitle}>
        {ta("adminBooks.stockTakes")}
      </h2>
      <p className={styles.muted}>{ta("adminBooks.stockTakesIntro")}</p>
      {status.overdue ? (
        <p className={styles.warning} role="alert" data-testid="stock-take-overdue">
          {status.last_taken_on ? ta("adminBooks.stockTakeOverdue", { last: status.last_taken_on }) : ta("adminBooks.stockTakeNone")}
        </p>
      ) : (
        <p>{ta("adminBooks.stockTakeLast", { last: status.last_taken_on ?? "" })}</p>
      )}
      <form className={css.fieldset} onSubmit={record.submit} aria-label={ta("adminBooks.recordStockTake")} noValidate>
        <div className={css.grid}>
          <Input label={ta("adminBooks.takenOn")} name="taken_on" type="date" defaultValue={japanToday()} required error={record.error("taken_on")} />
          <Input label={ta("adminBooks.note")} name="note" error={record.error("note")} />
        </div>
        <Button type="submit" disabled={record.busy}>
          {ta("adminBooks.recordStockTake")}
        </Button>
      </form>
      {status.stock_takes.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${report.books}`}>
            <thead>
              <tr>
                <th scope="col">{ta("adminBooks.takenOn")}</th>
                <th scope="col">{ta("adminBooks.note")}</th>
                <th scope="col">{ta("adminBooks.keptUntil")}</th>
              </tr>
            </thead>
            <tbody>
              {status.stock_takes.map((row) => (
                <tr key={row.id}>
                  <td>{row.taken_on}</td>
                  <td className={report.wide}>{row.note}</td>
                  <td>{row.kept_until}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={styles.muted}>{ta("adminBooks.retention")}</p>
    </section>
  );
}
