import Hashids from "hashids";
import type { ProductFilter } from "../../domain/catalog.ts";
import { filterProducts, filterToSearchParams } from "../../domain/catalog.ts";
import type { ExhibitResource, LiquorTypeOption, ProductResource, SeriesTreeNode } from "../../domain/catalog-api.ts";
import type { Locale } from "../../domain/locale.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { exhibitResource, liquorTypeOptions, productResource, seriesTreeFor } from "./catalog.resources.ts";
import type { CatalogSnapshot } from "./catalog.snapshot.ts";
import { loadCatalogSnapshot } from "./catalog.snapshot.ts";
import type { PurchasableProduct } from "./catalog.purchasable.ts";
import { loadPurchasable } from "./catalog.purchasable.ts";

/** NOTIFY channel on which any process announces a catalogue write. */
export const CATALOG_CHANGED_CHANNEL = "kura_catalog_changed";
/** Distinct cached answers kept at most; filters are many, so the cache starts over past this. */
const MAX_CACHED_BODIES = 1000;
/** How many products the home page's Shop section shows. */
export const HOME_PRODUCT_COUNT = 8;

export interface CatalogGlobals {
  series: SeriesTreeNode[];
  liquorTypes: LiquorTypeOption[];
}

/**
 * The catalogue as the shop reads it: an in-memory snapshot of everything published, plus the
 * serialized JSON of every API answer already given. Any write calls `changed()`, which drops both
 * here and, through NOTIFY, in every other process on the same database.
 */
export class CatalogService {
  private snapshotPromise: Promise<CatalogSnapshot> | undefined;
  /** Bumped on every invalidation, so a load that started before a write is never cached after it. */
  private generation = 0;
  private readonly bodies = new Map<string, string>();
  private readonly invalidationListeners: Array<() => void> = [];
  private readonly hashids: Hashids;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly shopProfiles: ShopProfileService,
    hashidSalt: string,
  ) {
    this.hashids = new Hashids(hashidSalt, 6);
  }

  async startListening(): Promise<void> {
    await this.database.listen(CATALOG_CHANGED_CHANNEL, () => this.invalidate());
  }

  /** To be called after every write to products, series, liquor types, exhibits or the tax rate. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.database.notify(CATALOG_CHANGED_CHANNEL);
  }

  invalidate(): void {
    this.generation += 1;
    this.snapshotPromise = undefined;
    this.bodies.clear();
    for (const listener of this.invalidationListeners) listener();
  }

  /** Calls `listener` on every invalidation (caches built from the catalogue, such as kept pages). */
  onInvalidate(listener: () => void): void {
    this.invalidationListeners.push(listener);
  }

  snapshot(): Promise<CatalogSnapshot> {
    if (!this.snapshotPromise) {
      const generation = this.generation;
      const loading = this.shopProfiles
        .profile()
        .then((profile) => loadCatalogSnapshot(this.database.db, this.hashids, profile.terms.taxRatePercent));
      this.snapshotPromise = loading;
      loading.catch(() => {
        if (this.generation === generation) this.snapshotPromise = undefined;
      });
    }
    return this.snapshotPromise;
  }

  /** A JSON answer, built once per catalogue version and key. */
  cachedJson(key: string, build: () => Promise<unknown>): Promise<string> {
    return this.cachedBody(key, async () => JSON.stringify(await build()));
  }

  /** Any response body (JSON, XML) derived from the catalogue, built once per version and key. */
  async cachedBody(key: string, build: () => Promise<string>): Promise<string> {
    const cached = this.bodies.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const body = await build();
    if (generation === this.generation) {
      if (this.bodies.size >= MAX_CACHED_BODIES) this.bodies.clear();
      this.bodies.set(key, body);
    }
    return body;
  }

  filterCacheKey(filter: ProductFilter): string {
    return filterToSearchParams(filter).toString();
  }

  async products(locale: Locale, filter: ProductFilter): Promise<ProductResource[]> {
    const snapshot = await this.snapshot();
    return filterProducts(snapshot.products, filter, snapshot.seriesTree).map((product) => productResource(product, snapshot, locale));
  }

  async product(locale: Locale, id: number): Promise<ProductResource | undefined> {
    const snapshot = await this.snapshot();
    const product = snapshot.productsById.get(id);
    return product && productResource(product, snapshot, locale);
  }

  async homeProducts(locale: Locale): Promise<ProductResource[]> {
    const snapshot = await this.snapshot();
    return snapshot.products.slice(0, HOME_PRODUCT_COUNT).map((product) => productResource(product, snapshot, locale));
  }

  async exhibits(locale: Locale, options: { topOnly?: boolean } = {}): Promise<ExhibitResource[]> {
    const snapshot = await this.snapshot();
    return snapshot.exhibits.filter((exhibit) => !options.topOnly || exhibit.top).map((exhibit) => exhibitResource(exhibit, locale));
  }

  async exhibit(locale: Locale, id: number): Promise<ExhibitResource | undefined> {
    const snapshot = await this.snapshot();
    const exhibit = snapshot.exhibitsById.get(id);
    return exhibit && exhibitResource(exhibit, locale);
  }

  /** Products with what may be bought of them right now (stock and limits), withdrawn ones included. */
  async purchasable(ids: number[], locale: Locale): Promise<Map<number, PurchasableProduct>> {
    const profile = await this.shopProfiles.profile();
    return loadPurchasable(this.database.db, ids, locale, profile.terms.taxRatePercent);
  }

  async globals(locale: Locale): Promise<CatalogGlobals> {
    const snapshot = await this.snapshot();
    return { series: seriesTreeFor(snapshot.seriesTree, locale), liquorTypes: liquorTypeOptions(snapshot, locale) };
  }
}
