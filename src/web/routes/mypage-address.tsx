import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import type { Route } from "./+types/mypage-address";
import type { AddressResource } from "../../domain/address.ts";
import type { AddressFormErrors, AddressFormValue } from "../shared/address/address-fields.tsx";
import { AddressFields, addressErrorMessages, addressFormValue, addressPayload } from "../shared/address/address-fields.tsx";
import { checkAddress } from "../shared/address/address-rules.ts";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

interface AddressAnswer {
  data: AddressResource | null;
}

/**
 * /mypage/address (spec §2): the member's saved delivery address. It is read from GET /api/address
 * after hydration (the page's server context has no address reader); saving shows 保存しました。
 * and a 422 shows the server's message under each field (spec §8).
 */
export default function MyPageAddress() {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const [value, setValue] = useState<AddressFormValue | null>(null);
  const [errors, setErrors] = useState<AddressFormErrors>({});
  const [saving, setSaving] = useState(false);
  const defaultCountryName = t("address.defaultCountryName");

  useEffect(() => {
    const controller = new AbortController();
    callApi<AddressAnswer>(locale, "/address", { signal: controller.signal })
      .then((result) => {
        if (!result.ok) console.warn("saved address not loaded", result.status);
        setValue(addressFormValue(result.ok ? (result.body?.data ?? null) : null, defaultCountryName));
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("saved address not loaded", failure);
        setValue(addressFormValue(null, defaultCountryName));
      });
    return () => controller.abort();
  }, [locale, defaultCountryName]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value || saving) return;
    const payload = addressPayload(value);
    const checked = await checkAddress(payload);
    if (!checked.ok) {
      setErrors(addressErrorMessages(checked.errors, t));
      return;
    }
    setSaving(true);
    try {
      const result = await callApi<AddressAnswer & { fields?: AddressFormErrors }>(locale, "/address", { method: "PUT", body: payload });
      if (result.ok && result.body?.data) {
        setErrors({});
        setValue(addressFormValue(result.body.data, defaultCountryName));
        snackbar.show("success", t("mypageAddress.saved"));
      } else if (result.status === 422) {
        setErrors(result.body?.fields ?? {});
      } else {
        // Spec §8: account save failures are only logged.
        console.warn("address not saved", result.status);
      }
    } catch (failure) {
      console.warn("address not saved", failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <h1 className="page-title">{t("mypageAddress.title")}</h1>
      <p>{t("mypageAddress.lead")}</p>
      {value === null ? (
        <p role="status">{t("page.loading")}</p>
      ) : (
        <form noValidate onSubmit={save}>
          <AddressFields
            value={value}
            onChange={(update) => setValue((current) => (current === null ? current : typeof update === "function" ? update(current) : update))}
            errors={errors}
          />
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? t("mypageAddress.saving") : t("mypageAddress.save")}
          </Button>
        </form>
      )}
    </section>
  );
}
