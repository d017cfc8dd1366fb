/**
 * Which products' availability (sold out or not) one cached answer or page shows, recorded while it
 * is built: when a checkout sells a product out, only what shows that product is dropped.
 */
export class AvailabilityReads {
  private readonly productIds = new Set<number>();
  /** A sold-out filter (or any other read of every product): any product's change may alter it. */
  private everyProduct = false;

  recordProducts(ids: Iterable<number>): void {
    for (const id of ids) this.productIds.add(id);
  }

  recordEveryProduct(): void {
    this.everyProduct = true;
  }

  shows(productIds: readonly number[]): boolean {
    return this.everyProduct || productIds.some((id) => this.productIds.has(id));
  }
}
