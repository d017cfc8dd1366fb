import type { FormEvent } from "react";
import type { AdminLiquorType } from "../../../domain/admin-catalog.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import css from "./admin-catalogue.module.css";
import { AddItemForm } from "./ui/add-item-form.tsx";
import { useAdminWrite } from "./use-admin-write.ts";

function formValues(event: FormEvent<HTMLFormElement>, names: string[]) {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "").trim()]));
}

/** Liquor types: labels renamed in both languages, a new type added with its key. */
export function LiquorTypesEditor({ liquorTypes }: { liquorTypes: AdminLiquorType[] }) {
  const ta = useAdminText();
  const write = useAdminWrite();
  return (
    <>
      <ul className={css.seriesChoices} style={{ columns: "auto" }}>
        {liquorTypes.map((type) => (
          <li key={type.key}>
            <form
              className={css.treeItem}
              key={`${type.label_ja}/${type.label_en}`}
              onSubmit={(event) => void write(`/liquor_types/${type.key}`, "PATCH", formValues(event, ["label_ja", "label_en"]), ta("adminSeries.saved"))}
            >
              <code>{type.key}</code>
              <Input label={ta("adminLiquorTypes.labelJa")} name="label_ja" defaultValue={type.label_ja} />
              <Input label={ta("adminLiquorTypes.labelEn")} name="label_en" defaultValue={type.label_en} />
              <span className={css.hint}>{ta("adminLiquorTypes.count", { count: type.product_count })}</span>
              <Button type="submit" variant="secondary">
                {ta("adminProducts.save")}
              </Button>
            </form>
          </li>
        ))}
      </ul>
      <AddItemForm title={ta("adminLiquorTypes.add")} path="/liquor_types" values={(event) => formValues(event, ["key", "label_ja", "label_en"])}>
        <Input label={ta("adminLiquorTypes.key")} name="key" hint={ta("adminLiquorTypes.keyHint")} />
        <Input label={ta("adminLiquorTypes.labelJa")} name="label_ja" />
        <Input label={ta("adminLiquorTypes.labelEn")} name="label_en" />
      </AddItemForm>
    </>
  );
}
