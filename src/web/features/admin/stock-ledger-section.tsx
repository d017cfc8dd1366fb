import { useState } from "react";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { stockMovesAnswer } from "../../../domain/answers/liquor-books.ts";
import type { FormEvent, ReactNode } from "react";
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
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";

type FieldMessages = Record<string, string[] | undefined>;

/** Today in Japan as yyyy-mm-dd, the default date of the receiving and stock-take forms. */
export function japanToday(): string {
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

/**
 * A ledger form drawn around its fields: the submit button, held while it posts; named by its
 * heading where it has one, else by what its button says.
 */
export function LedgerForm(props: {
  post: ReturnType<typeof useLedgerPost>;
  submitLabel: string;
  heading?: { id: string; text: string };
  children: ReactNode;
}) {
  const { post, heading } = props;
  return (
    <form className={css.fieldset} onSubmit={post.submit} aria-labelledby={heading?.id} aria-label={heading ? undefined : props.submitLabel} noValidate>
      {heading && (
        <h3 id={heading.id} className={styles.sectionTitle}>
          {heading.text}
        </h3>
      )}
      {props.children}
      <Button type="submit" disabled={post.busy}>
        {props.submitLabel}
      </Button>
    </form>
  );
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
    <AdminSection id="stock-ledger-title" title={ta("adminLedger.title")} testId="stock-ledger">
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
        <LedgerForm post={receiving} submitLabel={ta("adminLedger.recordReceiving")} heading={{ id: "receiving-title", text: ta("adminLedger.receiving") }}>
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
        </LedgerForm>
        <LedgerForm post={adjustment} submitLabel={ta("adminLedger.recordAdjustment")} heading={{ id: "adjustment-title", text: ta("adminLedger.adjustment") }}>
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
        </LedgerForm>
      </div>
      <h3 className={styles.sectionTitle}>{ta("adminLedger.moves")}</h3>
      {ledger.moves.length === 0 ? (
        <p className={styles.muted}>{ta("adminLedger.noMoves")}</p>
      ) : (
        <DataTable
          books
          testId="stock-moves"
          columns={[
            { header: ta("adminLedger.date"), cell: (move) => move.date },
            { header: ta("adminLedger.kind"), cell: (move) => move.kind_label },
            { header: ta("adminLedger.change"), className: styles.number, cell: (move) => (move.quantity > 0 ? `+${move.quantity}` : move.quantity) },
            { header: ta("adminLedger.balance"), className: styles.number, cell: (move) => move.balance },
            {
              header: ta("adminLedger.details"),
              cellClassName: report.wide,
              cell: (move) =>
                [
                  move.supplier_name && `${move.supplier_name}(${move.supplier_address ?? ""})`,
                  move.unit_yen !== null && move.kind === "receiving" ? ta("adminLedger.unitYen", { yen: formatYen(move.unit_yen, locale) }) : null,
                  move.reason,
                ]
                  .filter(Boolean)
                  .join(" / "),
            },
            { header: ta("adminLedger.by"), cell: (move) => actorLabel(move, ta) },
          ]}
          rows={ledger.moves}
          rowKey={(move) => move.id}
        />
      )}
    </AdminSection>
  );
}
