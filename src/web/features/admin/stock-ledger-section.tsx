import { useState } from "react";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { stockMovesAnswer } from "../../../domain/answers/liquor-books.ts";
import type { FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { AdjustmentKind, ProductStockMoves, StockMoveResource } from "../../../domain/stock-ledger.ts";
import { ADJUSTMENT_KINDS, STOCK_MOVE_KINDS } from "../../../domain/stock-ledger.ts";
import { formatYen } from "../../../domain/format.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callAdminApi, errorsOf } from "./admin-api.ts";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import css from "./admin-catalogue.module.css";
import report from "./admin-report.module.css";

type FieldMessages = Record<string, string[] | undefined>;

/** Today in Japan as yyyy-mm-dd, the receiving form's default date. */
function japanToday(): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date());
}

/**
 * One ledger form: sends the fields as JSON, shows the server's messages under each field (422), and
 * reads the page again when it went through.
 */
export function useLedgerPost(path: string, done: string) {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = Object.fromEntries(new FormData(form).entries());
    setBusy(true);
    const result = await callAdminApi<AnswerOrRefusal<typeof stockMovesAnswer>>(path, { method: "POST", body }).catch(() => undefined);
    setBusy(false);
    if (!result?.ok) {
      setErrors(result?.body?.fields ?? {});
      snackbar.show("danger", errorsOf(result?.body, ta("admin.requestFailed")));
      return;
    }
    setErrors({});
    form.reset();
    snackbar.show("success", done);
    await revalidator.revalidate();
  };
  return { errors, busy, submit, error: (name: string) => errors[name]?.[0] };
}

function actorLabel(move: StockMoveResource, ta: ReturnType<typeof useAdminText>): string {
  if (move.actor === "staff") return ta("adminLedger.byStaff", { id: move.actor_id ?? "?" });
  return move.actor === "order" ? ta("adminLedger.byOrder") : ta("adminLedger.bySystem");
}

/** A product's liquor ledger on its back-office page: record a receiving or an adjustment, and every move. */
export function StockLedgerSection({ productId, ledger }: { productId: number; ledger: ProductStockMoves }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const receiving = useLedgerPost(`/products/${productId}/receivings`, ta("adminLedger.received"));
  const adjustment = useLedgerPost(`/products/${productId}/adjustments`, ta("adminLedger.adjusted"));
  const [kind, setKind] = useState<AdjustmentKind>("breakage");

  return (
    <section className={styles.section} aria-labelledby="stock-ledger-title" data-testid="stock-ledger">
      <h2 id="stock-ledger-title" className={styles.sectionTitle}>
        {ta("adminLedger.title")}
      </h2>
      <p className={styles.muted}>{ta("adminLedger.intro")}</p>
      <p>
        <strong>{ta("adminLedger.stockNow", { stock: ledger.stock })}</strong>
      </p>
      {ledger.ledger_total !== ledger.stock && (
        <p className={styles.warning} role="alert">
          {ta("adminLedger.mismatch", { total: ledger.ledger_total })}
        </p>
      )}
      <div className={report.ledgerForms}>
        <form className={css.fieldset} onSubmit={receiving.submit} aria-labelledby="receiving-title" noValidate>
          <h3 id="receiving-title" className={styles.sectionTitle}>
            {ta("adminLedger.receiving")}
          </h3>
          <Input
            label={ta("adminLedger.receivedOn")}
            name="received_on"
            type="date"
            defaultValue={japanToday()}
            required
            error={receiving.error("received_on")}
          />
          <Input label={ta("adminLedger.supplierName")} name="supplier_name" autoComplete="organization" required error={receiving.error("supplier_name")} />
          <Input
            label={ta("adminLedger.supplierAddress")}
            name="supplier_address"
            autoComplete="street-address"
            required
            error={receiving.error("supplier_address")}
          />
          <Input label={ta("adminLedger.supplierInvoiceNumber")} name="supplier_invoice_number" error={receiving.error("supplier_invoice_number")} />
          <div className={css.grid}>
            <Input label={ta("adminLedger.quantity")} name="quantity" inputMode="numeric" required error={receiving.error("quantity")} />
            <Input label={ta("adminLedger.unitCost")} name="unit_cost" inputMode="numeric" required error={receiving.error("unit_cost")} />
          </div>
          <Button type="submit" disabled={receiving.busy}>
            {ta("adminLedger.recordReceiving")}
          </Button>
        </form>
        <form className={css.fieldset} onSubmit={adjustment.submit} aria-labelledby="adjustment-title" noValidate>
          <h3 id="adjustment-title" className={styles.sectionTitle}>
            {ta("adminLedger.adjustment")}
          </h3>
          <Select
            label={ta("adminLedger.kind")}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as AdjustmentKind)}
            options={ADJUSTMENT_KINDS.map((key) => ({ value: key, label: STOCK_MOVE_KINDS[key][locale] }))}
            error={adjustment.error("kind")}
          />
          <Input
            label={ta("adminLedger.adjustQuantity")}
            name="quantity"
            inputMode="numeric"
            required
            hint={kind === "correction" ? ta("adminLedger.countedHint") : undefined}
            error={adjustment.error("quantity")}
          />
          <Input label={ta("adminLedger.reason")} name="reason" required error={adjustment.error("reason")} />
          <Button type="submit" disabled={adjustment.busy}>
            {ta("adminLedger.recordAdjustment")}
          </Button>
        </form>
      </div>
      <h3 className={styles.sectionTitle}>{ta("adminLedger.moves")}</h3>
      {ledger.moves.length === 0 ? (
        <p className={styles.muted}>{ta("adminLedger.noMoves")}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${report.books}`} data-testid="stock-moves">
            <thead>
              <tr>
                <th scope="col">{ta("adminLedger.date")}</th>
                <th scope="col">{ta("adminLedger.kind")}</th>
                <th scope="col" className={styles.number}>
                  {ta("adminLedger.change")}
                </th>
                <th scope="col" className={styles.number}>
                  {ta("adminLedger.balance")}
                </th>
                <th scope="col">{ta("adminLedger.details")}</th>
                <th scope="col">{ta("adminLedger.by")}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.moves.map((move) => (
                <tr key={move.id}>
                  <td>{move.date}</td>
                  <td>{move.kind_label}</td>
                  <td className={styles.number}>{move.quantity > 0 ? `+${move.quantity}` : move.quantity}</td>
                  <td className={styles.number}>{move.balance}</td>
                  <td className={report.wide}>
                    {[
                      move.supplier_name && `${move.supplier_name}(${move.supplier_address ?? ""})`,
                      move.unit_yen !== null && move.kind === "receiving" ? ta("adminLedger.unitYen", { yen: formatYen(move.unit_yen, locale) }) : null,
                      move.reason,
                    ]
                      .filter(Boolean)
                      .join(" / ")}
                  </td>
                  <td>{actorLabel(move, ta)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
