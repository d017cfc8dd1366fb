import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/mypage-address";
import type { AddressResource } from "../../domain/address.ts";
import type { AddressFormErrors, AddressFormValue } from "../shared/address/address-fields.tsx";
import { AddressFields, addressFormValue, addressLabels, addressPayload, postedAddressFormValue } from "../shared/address/address-fields.tsx";
import { addressFormProblems } from "../shared/address/address-rules.ts";
import { postedCountry } from "../shared/address/posted-country.ts";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { fieldsOfForm, useTypedBeforeHydration } from "../shared/forms/typed-before-hydration.ts";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { problemMessages } from "../shared/site/form-rules.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { pageContext } from "../load-context.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/account-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

interface AddressAnswer {
  data: AddressResource | null;
}

/**
 * The saved address as GET /api/address answers it, read with the page (decision 059), so the form
 * is whole at first paint; `failed` when the API did not answer it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context.get(pageContext).api("GET", "/api/address");
  if (answer.status === 404) return { saved: null, failed: false };
  if (answer.status !== 200) return { saved: null, failed: true };
  return { saved: (answer.body as AddressAnswer | undefined)?.data ?? null, failed: false };
}

/** The form posted without JavaScript: the same PUT /api/address, then the page again saying 保存しました。 (decision 059). */
export async function action(args: Route.ActionArgs) {
  const page = args.context.get(pageContext);
  return formAction(
    args,
    async (values) => {
      const value = postedAddressFormValue(values);
      const country = await postedCountry(page, values);
      return { method: "PUT", path: "/api/address", body: addressPayload({ ...value, country: { id: country, name: value.country.name } }) };
    },
    () => ({ redirectTo: "/mypage/address?saved=1" }),
  );
}

/**
 * /mypage/address: the member's saved delivery address, drawn with the page; saving shows
 * 保存しました。 and a 422 shows the server's message under each field. The form posts
 * to the page's action before (or without) JavaScript and calls the API itself after.
 */
export default function MyPageAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const refusal = refusalOf(actionData);
  const [searchParams] = useSearchParams();
  const defaultCountryName = t("address.defaultCountryName");
  const [value, setValue] = useState<AddressFormValue>(() =>
    refusal ? postedAddressFormValue(refusal.values) : addressFormValue(loaderData.saved, defaultCountryName),
  );
  const [errors, setErrors] = useState<AddressFormErrors>(() => (refusal?.fields as AddressFormErrors | undefined) ?? {});
  const [saving, setSaving] = useState(false);
  // Typed (or autofilled) before the script took the page over: the form is what the page holds.
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (form) => setValue(postedAddressFormValue(fieldsOfForm(form))));
  const [savedHere, setSavedHere] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const payload = addressPayload(value);
    // The schema PUT /api/address declares, worded as its 422 words it.
    const problems = await addressFormProblems("savedAddressProblems", payload);
    if (Object.keys(problems).length > 0) {
      setErrors(problemMessages(problems, addressLabels(t), locale));
      return;
    }
    setSaving(true);
    try {
      const result = await callApi<AddressAnswer & { fields?: AddressFormErrors }>(locale, "/address", { method: "PUT", body: payload });
      if (result.ok && result.body?.data) {
        setErrors({});
        setValue(addressFormValue(result.body.data, defaultCountryName));
        setSavedHere(true);
        snackbar.show("success", t("mypageAddress.saved"));
      } else if (result.status === 422) {
        setErrors(result.body?.fields ?? {});
      } else {
        // Account save failures are only logged.
        console.warn("address not saved", result.status);
      }
    } catch (failure) {
      console.warn("address not saved", failure);
    } finally {
      setSaving(false);
    }
  }

  const fieldRefused = refusal && Object.keys(refusal.fields).length > 0;
  return (
    <section>
      <h1 className="page-title">{t("mypageAddress.title")}</h1>
      <p>{t("mypageAddress.lead")}</p>
      {searchParams.get("saved") === "1" && !refusal && !savedHere && (
        <Notice tone="success" testId="address-saved">
          {t("mypageAddress.saved")}
        </Notice>
      )}
      {refusal && !fieldRefused && <RefusedNotice errors={refusal.errors} />}
      {loaderData.failed && <Notice tone="danger">{t("mypageAddress.loadFailed")}</Notice>}
      <form ref={formRef} noValidate method="post" onSubmit={(event) => void save(event)} data-testid="address-form">
        <CsrfField />
        <AddressFields value={value} onChange={setValue} errors={errors} />
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t("mypageAddress.saving") : t("mypageAddress.save")}
        </Button>
      </form>
    </section>
  );
}
