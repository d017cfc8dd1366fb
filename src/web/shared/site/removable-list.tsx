import { useState } from "react";
import type { FormEvent } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { useSessionLost } from "../auth/account-form.ts";
import { callApi } from "./api.ts";
import { CsrfField } from "./csrf-field.tsx";
import { formAction } from "./form-action.ts";

/*
 * My Page's lists whose rows each have a button that takes them away (お気に入り's 削除する,
 * 再入荷のお知らせ's 取り消す — decision 083): the row's own form
 * and the DELETE it sends, by the page's script or, without JavaScript, by the page's action.
 */

/** The row's form posted without JavaScript: DELETE the path its hidden field names, then the page again with the API's message. */
export function removeAction(args: Parameters<typeof formAction>[0], pathOf: (values: Record<string, string>) => string) {
  return formAction<{ message: string }>(
    args,
    (values) => ({ method: "DELETE", path: pathOf(values) }),
    (answer) => ({ shown: { message: (answer.body as { message?: string } | undefined)?.message ?? "" } }),
  );
}

interface Removal<Body> {
  /** The API path (below /api) of the row's DELETE. */
  pathOf(key: number): string;
  /** The success snackbar's words, from the API's answer. */
  removedMessage(body: Body | undefined): string;
}

/**
 * The rows shown and the script's removal of one: a 401 sends the member to sign in again, another
 * refusal shows the API's words (or 「処理できませんでした」's), success takes the row away.
 */
export function useRemovableList<Row, Body extends { errors?: string[] | undefined }>(
  initial: Row[],
  keyOf: (row: Row) => number,
  { pathOf, removedMessage }: Removal<Body>,
) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [rows, setRows] = useState(initial);

  async function remove(event: FormEvent<HTMLFormElement>, key: number) {
    event.preventDefault();
    const result = await callApi<Body>(locale, pathOf(key), { method: "DELETE" });
    if (result.status === 401) return sessionLost(result.body?.errors);
    if (!result.ok) return snackbar.show("danger", result.body?.errors ?? [t("wishlist.failed")]);
    setRows((list) => list.filter((each) => keyOf(each) !== key));
    snackbar.show("success", removedMessage(result.body));
  }

  return { rows, remove };
}

/** One row's button as its own form: the hidden field names the row for the page's action. */
export function RemoveRowForm({
  name,
  value,
  label,
  onSubmit,
}: {
  name: string;
  value: number;
  label: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}) {
  return (
    <form method="post" onSubmit={onSubmit}>
      <CsrfField />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant="secondary">
        {label}
      </Button>
    </form>
  );
}
