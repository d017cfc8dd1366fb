import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { banksAnswer, codFeeAnswer, shippingAnswer, taxRateAnswer, timezonesAnswer } from "../../../domain/answers/checkout.ts";
import type { cardAnswer, savedAddressAnswer } from "../../../domain/answers/member.ts";
import { startTransition, useEffect, useRef, useState } from "react";
import type { AddressResource } from "../../../domain/address.ts";
import type { SavedCard } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { callApi } from "../../shared/site/api.ts";

/** Bank account, as GET /api/banks lists it. */
export interface BankAccount {
  id: string;
  financial: string;
  branch: string;
  deposit_type: string;
  deposit_type_label?: string;
  account_number: string;
  account_name: string;
}

/** undefined while loading, null when failed (or, for a member's data, nothing saved). */
export interface CheckoutReference {
  shippingFee: number | undefined | null;
  taxRate: number | undefined | null;
  timezones: Record<string, string> | undefined | null;
}

async function getJson<T>(locale: Parameters<typeof callApi>[0], path: string, signal: AbortSignal): Promise<T | null> {
  try {
    const result = await callApi<T>(locale, path, { signal });
    if (result.ok && result.body !== undefined) return result.body;
    console.warn(`GET ${path} answered ${result.status}`);
  } catch (failure) {
    if (!signal.aborted) console.warn(`GET ${path} failed`, failure);
  }
  return null;
}

/** What the page's loader read of the checkout's reference figures (shipping, tax rate, time bands, bank accounts); a part left out is fetched by the browser. */
export interface PageReference {
  shipping?: { ids: string; fee: number } | undefined;
  taxRate?: number | undefined;
  timezones?: Record<string, string> | undefined;
}

/** The shipping call's `id` list: the bottles' ids, sorted. */
export function shippingIdsKey(productIds: readonly string[]): string {
  return [...productIds].sort().join(",");
}

/**
 * What checkout loads on entering: the shipping fee for the bottles in the cart (again
 * when they change), the tax rate and the delivery time bands. Their arrival draws the whole form,
 * so it is a transition: React renders it in slices and the page stays responsive (decision 047).
 */
export function useCheckoutReference(productIds: string[], fromPage: PageReference = {}): CheckoutReference {
  const { locale } = useI18n();
  const idsKey = shippingIdsKey(productIds);
  // What the page's loader read (decision 058): the form is drawn on the server with it, and hydrated with the same.
  const [shipping, setShipping] = useState<{ ids: string; fee: number | null } | undefined>(() => fromPage.shipping);
  const [taxRate, setTaxRate] = useState<number | undefined | null>(fromPage.taxRate);
  const [timezones, setTimezones] = useState<Record<string, string> | undefined | null>(fromPage.timezones);
  const hadShipping = useRef(fromPage.shipping?.ids);
  const hadRates = useRef(fromPage.taxRate !== undefined && fromPage.timezones !== undefined);

  useEffect(() => {
    if (idsKey === "" || hadShipping.current === idsKey) return;
    hadShipping.current = undefined;
    const controller = new AbortController();
    void getJson<ApiAnswer<typeof shippingAnswer>>(locale, `/shipping?id=${encodeURIComponent(idsKey)}`, controller.signal).then((body) => {
      if (!controller.signal.aborted) startTransition(() => setShipping({ ids: idsKey, fee: body?.fee ?? null }));
    });
    return () => controller.abort();
  }, [locale, idsKey]);

  useEffect(() => {
    if (hadRates.current) return;
    const controller = new AbortController();
    void getJson<ApiAnswer<typeof taxRateAnswer>>(locale, "/taxrate", controller.signal).then((body) => {
      if (!controller.signal.aborted) startTransition(() => setTaxRate(body?.rate ?? null));
    });
    void getJson<ApiAnswer<typeof timezonesAnswer>>(locale, "/timezones", controller.signal).then((body) => {
      if (!controller.signal.aborted) startTransition(() => setTimezones(body));
    });
    return () => controller.abort();
  }, [locale]);

  // A fee for other bottles than the ones in the cart now is no fee.
  const shippingFee = shipping === undefined || shipping.ids !== idsKey ? undefined : shipping.fee;
  return { shippingFee, taxRate, timezones };
}

export interface MemberData {
  /** undefined while loading; null when none is saved (or it could not be read). */
  address: AddressResource | null | undefined;
  card: SavedCard | null | undefined;
}

/** A member's saved address and card; a guest has neither. */
export function useMemberData(signedIn: boolean, fromPage?: MemberData): MemberData {
  const { locale } = useI18n();
  const [data, setData] = useState<{ for: boolean; address: AddressResource | null | undefined; card: SavedCard | null | undefined }>({
    for: signedIn,
    address: fromPage?.address,
    card: fromPage?.card,
  });
  if (data.for !== signedIn) setData({ for: signedIn, address: undefined, card: undefined });
  const hadData = useRef(fromPage?.address !== undefined && fromPage.card !== undefined);

  useEffect(() => {
    if (!signedIn) return;
    if (hadData.current) {
      hadData.current = false;
      return;
    }
    const controller = new AbortController();
    void getJson<ApiAnswer<typeof savedAddressAnswer>>(locale, "/address", controller.signal).then((body) => {
      if (!controller.signal.aborted) startTransition(() => setData((current) => ({ ...current, address: body?.data ?? null })));
    });
    void getJson<ApiAnswer<typeof cardAnswer>>(locale, "/cards", controller.signal).then((body) => {
      if (!controller.signal.aborted) startTransition(() => setData((current) => ({ ...current, card: body?.card ?? null })));
    });
    return () => controller.abort();
  }, [locale, signedIn]);

  return signedIn ? { address: data.address, card: data.card } : { address: null, card: null };
}

/** GET /api/banks, loaded the first time bank transfer is chosen (or read by the page's loader). */
export function useBankAccounts(wanted: boolean, fromPage?: BankAccount[]): BankAccount[] | undefined | null {
  const { locale } = useI18n();
  const [accounts, setAccounts] = useState<BankAccount[] | undefined | null>(fromPage);
  const load = wanted && accounts === undefined;
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    void getJson<ApiAnswer<typeof banksAnswer>>(locale, "/banks", controller.signal).then((body) => {
      if (!controller.signal.aborted) setAccounts(body?.data ?? null);
    });
    return () => controller.abort();
  }, [locale, load]);
  return accounts;
}

/**
 * The cash-on-delivery fee (POST /api/fee) for `price` = items + shipping, fetched while cod is
 * chosen; undefined until the answer for this price arrives, and when cod is not chosen.
 */
export function useCodFee(active: boolean, price: number | undefined): number | undefined {
  const { locale } = useI18n();
  const [answer, setAnswer] = useState<{ price: number; fee: number } | undefined>(undefined);
  useEffect(() => {
    if (!active || price === undefined) return;
    const controller = new AbortController();
    callApi<ApiAnswer<typeof codFeeAnswer>>(locale, "/fee", { method: "POST", body: { price }, signal: controller.signal })
      .then((result) => {
        if (result.ok && typeof result.body?.cod_fee === "number") setAnswer({ price, fee: result.body.cod_fee });
        else console.warn("POST /api/fee answered", result.status);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) console.warn("POST /api/fee failed", failure);
      });
    return () => controller.abort();
  }, [active, locale, price]);
  return active && answer && answer.price === price ? answer.fee : undefined;
}
