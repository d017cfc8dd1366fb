import { useState } from "react";
import type { FormEvent } from "react";
import type { AdminExhibitFields } from "../../../domain/admin-catalog.ts";
import { Checkbox, Input } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import css from "./admin-catalogue.module.css";
import type { SaveOutcome } from "./product-form.tsx";
import { BilingualFields, SaveButton } from "./ui/catalogue-form-parts.tsx";
import { ErrorsNotice } from "./ui/errors-notice.tsx";

type Draft = Record<"name_ja" | "name_en" | "description_ja" | "description_en" | "sort_order" | "product_ids", string> & { top: boolean; published: boolean };
type ExhibitBody = Omit<Draft, "product_ids"> & { product_ids: unknown[] };

/** "12, 5 8" → [12, 5, 8]; anything not a number goes to the server as typed, which refuses it with a message. */
function productIdsOf(text: string): unknown[] {
  return text
    .split(/[\s,、，]+/u)
    .filter((part) => part !== "")
    .map((part) => (/^\d{1,9}$/.test(part.normalize("NFKC")) ? Number(part.normalize("NFKC")) : part));
}

/** An exhibit's fields in both languages, the home-page flag, publishing and sort order. */
export function ExhibitForm(props: { exhibit?: AdminExhibitFields; submitLabel: string; onSave(body: ExhibitBody): Promise<SaveOutcome> }) {
  const ta = useAdminText();
  const [draft, setDraft] = useState<Draft>(() => ({
    name_ja: props.exhibit?.name_ja ?? "",
    name_en: props.exhibit?.name_en ?? "",
    description_ja: props.exhibit?.description_ja ?? "",
    description_en: props.exhibit?.description_en ?? "",
    sort_order: String(props.exhibit?.sort_order ?? 0),
    top: props.exhibit?.top ?? false,
    published: props.exhibit?.published ?? true,
    product_ids: (props.exhibit?.product_ids ?? []).join(", "),
  }));
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState(false);
  const text = (name: Exclude<keyof Draft, "top" | "published">) => ({
    name,
    value: draft[name],
    error: outcome?.fields?.[name]?.[0],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const result = await props.onSave({ ...draft, product_ids: productIdsOf(draft.product_ids) });
    setSaving(false);
    setOutcome(result.ok ? null : result);
  }

  return (
    <form className={css.form} onSubmit={(event) => void submit(event)} noValidate>
      {outcome?.errors && <ErrorsNotice errors={outcome.errors} />}
      <BilingualFields text={text} rows={4} />
      <div className={css.grid}>
        <Input label={ta("adminProduct.sortOrder")} hint={ta("adminProduct.sortOrderHint")} inputMode="numeric" {...text("sort_order")} />
        <Input label={ta("adminExhibits.productIds")} hint={ta("adminExhibits.productIdsHint")} {...text("product_ids")} />
      </div>
      <Checkbox label={ta("adminExhibits.top")} checked={draft.top} onChange={(event) => setDraft({ ...draft, top: event.currentTarget.checked })} />
      <Checkbox
        label={ta("adminProduct.published")}
        checked={draft.published}
        onChange={(event) => setDraft({ ...draft, published: event.currentTarget.checked })}
      />
      <SaveButton saving={saving} label={props.submitLabel} />
    </form>
  );
}
