import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../ui/button.tsx";
import css from "../admin-catalogue.module.css";
import { useAdminText } from "../admin-i18n.ts";
import { useAdminWrite } from "../use-admin-write.ts";

/**
 * The form under a catalogue list (series, liquor types) that adds one more: its heading, its
 * fields, 追加. POSTed to `path` with what `values` reads of it, and emptied once the item is in.
 */
export function AddItemForm(props: { title: string; path: string; values: (event: FormEvent<HTMLFormElement>) => unknown; children: ReactNode }) {
  const ta = useAdminText();
  const write = useAdminWrite();
  return (
    <>
      <h3 className={css.subTitle}>{props.title}</h3>
      <form
        className={css.treeItem}
        onSubmit={(event) => {
          const form = event.currentTarget;
          void write(props.path, "POST", props.values(event), ta("adminSeries.added")).then((ok) => ok && form.reset());
        }}
      >
        {props.children}
        <Button type="submit">{ta("adminSeries.addButton")}</Button>
      </form>
    </>
  );
}
