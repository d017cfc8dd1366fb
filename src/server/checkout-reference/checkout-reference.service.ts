import { paymentMethodChoices } from "../../domain/payment-methods/payment-method.registry.ts";
import { priceIncludingTax } from "../../domain/money.ts";
import { shippingQuote } from "../../domain/shipping-table.ts";
import type { Locale } from "../../domain/locale.ts";
import { DEPOSIT_TYPE_LABELS } from "../../domain/shop-profile.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { DomainError } from "../../domain/errors.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";

/** A bank account, as GET /api/banks lists it. */
export interface BankAccountResource {
  id: string;
  financial: string;
  branch: string;
  /** "ordinary" (普通) or "current" (当座). */
  deposit_type: string;
  /** The type as printed on bank details in the request's language: 普通 / Ordinary. */
  deposit_type_label: string;
  account_number: string;
  account_name: string;
}

/**
 * The figures the checkout page loads before the shopper decides,
 * all read from the shop profile so the page charges what the legal notice prints.
 */
export class CheckoutReferenceService {
  constructor(private readonly deps: { shopProfiles: ShopProfileService; catalog: CatalogService }) {}

  /**
   * Shipping of one bottle of each of these products to the prefecture (the shop's own zone when
   * null), as checkout would charge it: unknown ids are an error, not silently normal shipping.
   */
  async shippingFee(productIds: number[], prefecture: number | null, locale: Locale): Promise<number> {
    const { terms } = await this.deps.shopProfiles.profile();
    // Read fresh and withdrawn products included: a cart may still hold a bottle the shop withdrew.
    const products = await this.deps.catalog.purchasable(productIds, locale);
    const lines = productIds.map((id) => {
      const product = products.get(id);
      if (!product) throw new DomainError("not-found");
      return { amount: 1, shippingType: product.shippingType, volumeMl: product.volumeMl, price: product.product.price };
    });
    const goods = lines.reduce((sum, line) => sum + priceIncludingTax(line.price, terms.taxRatePercent), 0);
    return shippingQuote(lines, prefecture, terms.shipping, goods).fee;
  }

  async taxRatePercent(): Promise<number> {
    return (await this.deps.shopProfiles.profile()).terms.taxRatePercent;
  }

  /** Code → label in the locale, in the profile's order. */
  async timeBands(locale: Locale): Promise<Record<string, string>> {
    const { deliveryTimeBands } = await this.deps.shopProfiles.profile();
    return Object.fromEntries(Object.entries(deliveryTimeBands).map(([code, label]) => [code, label[locale]]));
  }

  async bankAccounts(locale: Locale): Promise<BankAccountResource[]> {
    const { bankAccounts } = await this.deps.shopProfiles.profile();
    return bankAccounts.map((account, index) => ({
      id: String(index + 1),
      financial: account.financial[locale],
      branch: account.branch[locale],
      deposit_type: account.depositType,
      deposit_type_label: DEPOSIT_TYPE_LABELS[account.depositType][locale],
      account_number: account.accountNumber,
      account_name: account.accountName,
    }));
  }

  /**
   * The contract's cod_fee for items + shipping: the fee, under the shop's terms, of the method whose fee
   * the browser asks the server for (cash on delivery); `price` is the raw request value, checked like a form field.
   */
  /** The fee of the method whose fee the page asks the server for (cash on delivery's tiers), for items + shipping in yen. */
  async codFee(amount: number): Promise<number> {
    const { terms } = await this.deps.shopProfiles.profile();
    const asked = paymentMethodChoices().find((method) => method.feeFromServer);
    return asked ? asked.fee(amount, terms) : 0;
  }
}
