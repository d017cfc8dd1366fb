import crypto from "node:crypto";
import Hashids from "hashids";
import type { ProductFilter } from "../../domain/catalog.ts";
import { filterProducts, filterToSearchParams } from "../../domain/catalog.ts";
import type { ExhibitResource, LiquorTypeOption, ProductResource, SeriesTreeNode } from "../../domain/catalog-api.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { exhibitResource, liquorTypeOptions, productResource, seriesTreeFor } from "./catalog.resources.ts";
import type { CatalogReader } from "../../web/load-context.ts";
import type { CatalogSnapshot } from "./catalog.snapshot.ts";
import { loadCatalogSnapshot, withFreshAvailability } from "./catalog.snapshot.ts";
import { AvailabilityReads } from "./catalog.reads.ts";
import { invalidatingWrites } from "./catalog-writes.ts";
import type { PurchasableProduct } from "./catalog.purchasable.ts";
import { loadPurchasable, readStockLeft } from "./catalog.purchasable.ts";

/** NOTIFY channel on which any process announces a catalogue write. */
export const CATALOG_CHANGED_CHANNEL = "kura_catalog_changed";
/** NOTIFY channel on which a process announces products sold out or back in stock: "<process>:<id>,<id>". */
export const AVAILABILITY_CHANGED_CHANNEL = "kura_catalog_availability";
/** Distinct cached answers kept at most; filters are many, so the cache starts over past this. */
const MAX_CACHED_BODIES = 1000;
/** How many products the home page's Shop section shows. */
export const HOME_PRODUCT_COUNT = 8;
/** How many bottles of the same series a product page suggests. */
export const RELATED_PRODUCT_COUNT = 4;

export interface CatalogGlobals {
  series: SeriesTreeNode[];
  liquorTypes: LiquorTypeOption[];
}

interface CachedBody {
  body: Buffer;
  reads: AvailabilityReads;
}

/**
 * The catalogue as the shop reads it: an in-memory snapshot of everything published, plus the
 * serialized JSON of every API answer already given. Every write of the catalogue's own services
 * (through `writeDatabase()`) and every change of the shop profile (the tax rate) drops both here
 * and, through NOTIFY, in every other process on the same database. A checkout that sells a
 * product out (or a cancelled order that brings it back) calls `availabilityChanged()` instead,
 * which drops only what shows that product (docs/decisions/021-several-processes.md).
 */
export class CatalogService {
  private snapshotPromise: Promise<CatalogSnapshot> | undefined;
  /** Bumped on every invalidation, so a load that started before a write is never cached after it. */
  private generation = 0;
  private readonly bodies = new Map<string, CachedBody>();
  /** When the loaded snapshot's first sales phase changes (ms); null: none ahead. */
  private phaseEdge: number | null = null;
  private readonly invalidationListeners: Array<() => void> = [];
  private readonly availabilityListeners: Array<(productIds: number[]) => void> = [];
  private readonly hashids: Hashids;
  /** Tells this process's own availability notices (already applied) from other processes'. */
  private readonly processTag = crypto.randomBytes(6).toString("hex");

  constructor(
    private readonly database: DatabaseHandle,
    private readonly shopProfiles: ShopProfileService,
    hashidSalt: string,
  ) {
    this.hashids = new Hashids(hashidSalt, 6);
    // Prices with tax come from the profile's tax rate.
    shopProfiles.onChange(() => this.invalidate());
  }

  async startListening(): Promise<void> {
    await this.database.listen(CATALOG_CHANGED_CHANNEL, () => this.invalidate());
    await this.database.listen(AVAILABILITY_CHANGED_CHANNEL, (payload) => {
      const [tag, list = ""] = payload.split(":");
      if (tag === this.processTag) return;
      const productIds = list
        .split(",")
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0);
      if (productIds.length > 0) this.applyAvailability(productIds);
    });
  }

  /**
   * To be called after a transaction that sold these products out or brought them back in stock
   * (nothing to do for an empty list): only what shows them is dropped, here and in every other
   * process.
   */
  async availabilityChanged(productIds: number[]): Promise<void> {
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return;
    this.applyAvailability(unique);
    await this.database.notify(AVAILABILITY_CHANGED_CHANNEL, `${this.processTag}:${unique.join(",")}`);
  }

  private applyAvailability(productIds: number[]): void {
    this.generation += 1;
    const generation = this.generation;
    const current = this.snapshotPromise;
    if (current) {
      const refreshed = current.then((snapshot) => withFreshAvailability(this.database.db, snapshot, productIds));
      this.snapshotPromise = refreshed;
      refreshed.catch(() => {
        if (this.generation === generation) this.snapshotPromise = undefined;
      });
    }
    for (const [key, cached] of this.bodies) if (cached.reads.shows(productIds)) this.bodies.delete(key);
    for (const listener of this.availabilityListeners) listener(productIds);
  }

  /** Calls `listener` with the products whose availability changed (caches that record what they show). */
  onAvailabilityChange(listener: (productIds: number[]) => void): void {
    this.availabilityListeners.push(listener);
  }

  /**
   * The database handle for the catalogue's own write services: each write through it drops the
   * caches here and, through NOTIFY, in every other process, before the writer gets its result.
   */
  writeDatabase(): Database {
    return invalidatingWrites(this.database.db, () => this.changed());
  }

  /** Drops every cached answer here and in every other process (a write to products, series, liquor types, exhibits). */
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

  /** Drops the snapshot and kept answers once a product's sales phase has changed since they were built (decision 088). */
  private dropAtPhaseEdge(): void {
    if (this.phaseEdge !== null && Date.now() >= this.phaseEdge) {
      this.phaseEdge = null;
      this.invalidate();
    }
  }

  snapshot(): Promise<CatalogSnapshot> {
    this.dropAtPhaseEdge();
    if (!this.snapshotPromise) {
      const generation = this.generation;
      const loading = this.shopProfiles
        .profile()
        .then((profile) => loadCatalogSnapshot(this.database.db, this.hashids, profile.terms.taxRatePercent))
        .then((snapshot) => {
          if (this.generation === generation) this.phaseEdge = snapshot.nextPhaseChange;
          return snapshot;
        });
      this.snapshotPromise = loading;
      loading.catch(() => {
        if (this.generation === generation) this.snapshotPromise = undefined;
      });
    }
    return this.snapshotPromise;
  }

  /** Whether an image may be shown to anybody: attached to a published product or exhibit (decision 050). */
  async imageIsPublic(imageId: number): Promise<boolean> {
    return (await this.snapshot()).publicImageIds.has(imageId);
  }

  /** A JSON answer, built once per catalogue version and key, from what `catalog` reads. */
  cachedJson(key: string, build: (catalog: CatalogReader) => Promise<unknown>): Promise<Buffer> {
    return this.cachedBody(key, async (catalog) => JSON.stringify(await build(catalog)));
  }

  /**
   * Any response body (JSON, XML) derived from the catalogue, built once per version and key. The
   * products' availability it shows is what it read through `catalog` (the snapshot read directly
   * must not show it). Kept as UTF-8 bytes: encoding a 37 kB list of Japanese names again for every
   * answer was a third of the product list API's CPU (a profile of GET /api/products under load).
   */
  async cachedBody(key: string, build: (catalog: CatalogReader) => Promise<string>): Promise<Buffer> {
    this.dropAtPhaseEdge();
    const cached = this.bodies.get(key);
    if (cached !== undefined) return cached.body;
    const generation = this.generation;
    const reads = new AvailabilityReads();
    const body = Buffer.from(await build(this.recordingReader(reads)));
    if (generation === this.generation) {
      if (this.bodies.size >= MAX_CACHED_BODIES) this.bodies.clear();
      this.bodies.set(key, { body, reads });
    }
    return body;
  }

  /** The catalogue's reads, noting in `reads` which products' availability the reader was shown. */
  recordingReader(reads: AvailabilityReads): CatalogReader {
    return {
      globals: (locale) => this.globals(locale),
      exhibits: (locale, options) => this.exhibits(locale, options),
      exhibit: (locale, id) => this.exhibit(locale, id),
      homeProducts: async (locale) => {
        const products = await this.homeProducts(locale);
        reads.recordProducts(products.map((product) => Number(product.id)));
        return products;
      },
      products: async (locale, filter) => {
        const products = await this.products(locale, filter);
        // With a sold-out filter, a product not listed now may be listed after its change.
        if (filter.unsold !== undefined) reads.recordEveryProduct();
        else reads.recordProducts(products.map((product) => Number(product.id)));
        return products;
      },
      product: async (locale, id) => {
        reads.recordProducts([id]);
        return this.product(locale, id);
      },
      relatedProducts: async (locale, id) => {
        const products = await this.relatedProducts(locale, id);
        reads.recordProducts(products.map((product) => Number(product.id)));
        return products;
      },
      stockLeft: (id) => this.stockLeft(id),
      productPointRate: (id) => this.productPointRate(id),
    };
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

  /** A published product's own point rate (decision 089) with the catalogue read: null for none, undefined for no such product. */
  async productPointRate(id: number): Promise<number | null | undefined> {
    return (await this.snapshot()).productsById.get(id)?.pointRatePercent;
  }

  /** Other published bottles sharing a series with this one, those in stock first. */
  async relatedProducts(locale: Locale, id: number): Promise<ProductResource[]> {
    const snapshot = await this.snapshot();
    const product = snapshot.productsById.get(id);
    if (!product || product.seriesIds.length === 0) return [];
    const series = new Set(product.seriesIds);
    const related = snapshot.products.filter((other) => other.id !== id && other.seriesIds.some((seriesId) => series.has(seriesId)));
    return [...related.filter((other) => !other.soldOut), ...related.filter((other) => other.soldOut)]
      .slice(0, RELATED_PRODUCT_COUNT)
      .map((other) => productResource(other, snapshot, locale));
  }

  /**
   * Bottles in stock now, read fresh (the snapshot keeps no stock): the product page's quantity
   * selector and 残りわずか hint. 0 for an unknown, withdrawn or sold-out product.
   */
  async stockLeft(id: number): Promise<number> {
    return readStockLeft(this.database.db, id);
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
