import type { FormEvent } from "react";
import type { AdminSeries } from "../../../domain/admin-catalog.ts";
import { descendantsOf } from "../../../domain/admin-catalog.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import css from "./admin-catalogue.module.css";
import { seriesLines } from "./series-tree.ts";
import { AddItemForm } from "./ui/add-item-form.tsx";
import { useAdminWrite } from "./use-admin-write.ts";

function formValues(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  const value = (name: string) => String(form.get(name) ?? "").trim();
  return { name_ja: value("name_ja"), name_en: value("name_en"), parent_id: value("parent_id") || null };
}

/** Parents a series may move under: the top level or any series outside its own branch. */
function parentOptions(all: AdminSeries[], self: AdminSeries | null, locale: "ja" | "en", topLabel: string) {
  const excluded = self ? descendantsOf(self.id, new Map(all.map((each) => [each.id, each.parent_id]))).add(self.id) : new Set<number>();
  return [
    { value: "", label: topLabel },
    ...seriesLines(all)
      .filter(({ series }) => !excluded.has(series.id))
      .map(({ series, depth }) => ({ value: series.id, label: `${"　".repeat(depth)}${locale === "ja" ? series.name_ja : series.name_en}` })),
  ];
}

/** The series tree: each line renamed or moved in place, deleted when empty, and a new series added. */
export function SeriesEditor({ series }: { series: AdminSeries[] }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const write = useAdminWrite();

  return (
    <>
      <ul className={css.seriesChoices} style={{ columns: "auto" }} data-testid="series-tree">
        {seriesLines(series).map(({ series: line, depth }) => (
          <li key={line.id} style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
            <form
              className={css.treeItem}
              key={`${line.name_ja}/${line.name_en}/${line.parent_id}`}
              onSubmit={(event) => void write(`/series/${line.id}`, "PATCH", formValues(event), ta("adminSeries.saved"))}
            >
              <Input label={ta("adminProduct.nameJa")} name="name_ja" defaultValue={line.name_ja} />
              <Input label={ta("adminProduct.nameEn")} name="name_en" defaultValue={line.name_en} />
              <Select
                label={ta("adminSeries.parent")}
                name="parent_id"
                defaultValue={line.parent_id ?? ""}
                options={parentOptions(series, line, locale, ta("adminSeries.topLevel"))}
              />
              <span className={css.hint}>{ta("adminSeries.counts", { products: line.product_count, children: line.child_count })}</span>
              <Button type="submit" variant="secondary">
                {ta("adminProducts.save")}
              </Button>
              <Button variant="ghost" onClick={() => void write(`/series/${line.id}`, "DELETE", undefined, ta("adminSeries.deleted"))}>
                {ta("adminSeries.delete")}
              </Button>
            </form>
          </li>
        ))}
      </ul>
      <AddItemForm title={ta("adminSeries.add")} path="/series" values={formValues}>
        <Input label={ta("adminProduct.nameJa")} name="name_ja" />
        <Input label={ta("adminProduct.nameEn")} name="name_en" />
        <Select label={ta("adminSeries.parent")} name="parent_id" defaultValue="" options={parentOptions(series, null, locale, ta("adminSeries.topLevel"))} />
      </AddItemForm>
    </>
  );
}
