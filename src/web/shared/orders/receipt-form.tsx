import { useState } from "react";
import type { FormEvent } from "react";
import { DEFAULT_RECEIPT_PROVISO, RECEIPT_ADDRESSEE_MAX, RECEIPT_PROVISO_MAX } from "../../../domain/order-documents.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { csrfToken } from "../site/api.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import styles from "./receipt-form.module.css";
import "../../i18n/orders-texts.ts";

/**
 * The buyer types the addressee (宛名) and the 但し書き, then downloads the receipt as PDF
 * (decision 037). The download is a POST (each one is counted; the second and later are printed
 * 再発行), so the PDF comes back as a blob the page saves. `url` is the API's address: the member's,
 * the guest's (in the page's language) or the back office's, where staff issue one for the buyer.
 */
export function ReceiptForm({
  url,
  extraBody = {},
  defaultAddressee = "",
  issued = 0,
}: {
  url: string;
  extraBody?: Record<string, string>;
  defaultAddressee?: string;
  issued?: number;
}) {
  const { t } = useI18n();
  const [addressee, setAddressee] = useState(defaultAddressee);
  const [proviso, setProviso] = useState(DEFAULT_RECEIPT_PROVISO);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ list: string[]; fields: Record<string, string[]> }>({ list: [], fields: {} });
  const [downloads, setDownloads] = useState(issued);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ list: [], fields: {} });
    try {
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/pdf, application/json", "x-csrf-token": csrfToken() },
        body: JSON.stringify({ ...extraBody, addressee, proviso }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { errors?: string[]; fields?: Record<string, string[]> };
        setErrors({ list: body.fields ? [] : (body.errors ?? [t("receipt.failed")]), fields: body.fields ?? {} });
        return;
      }
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "receipt.pdf";
      const file = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = file;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(file), 60_000);
      setDownloads((count) => count + 1);
    } catch {
      setErrors({ list: [t("receipt.failed")], fields: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="receipt-form">
      <Input
        label={t("receipt.addressee")}
        hint={t("receipt.addresseeHint")}
        name="addressee"
        value={addressee}
        maxLength={RECEIPT_ADDRESSEE_MAX}
        onChange={(event) => setAddressee(event.target.value)}
        error={errors.fields.addressee?.[0]}
        autoComplete="organization"
      />
      <Input
        label={t("receipt.proviso")}
        name="proviso"
        value={proviso}
        maxLength={RECEIPT_PROVISO_MAX}
        onChange={(event) => setProviso(event.target.value)}
        error={errors.fields.proviso?.[0]}
      />
      {errors.list.length > 0 ? <Notice tone="danger">{errors.list.join(" ")}</Notice> : null}
      <p className={styles.note}>{downloads > 0 ? t("receipt.reissueNote", { count: downloads }) : t("receipt.firstNote")}</p>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? t("receipt.downloading") : t("receipt.download")}
      </Button>
    </form>
  );
}
