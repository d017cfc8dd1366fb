/**
 * Cart rules, shared by the drawer and the server. A cart is a list of items in the
 * order they were added; amounts are whole bottles.
 */
export interface CartItem {
  id: string;
  name: string;
  images: string[];
  price: number;
  price_include_tax: number;
  /** 0 marks an item that can no longer be bought (sold out or withdrawn). */
  amount: number;
  buyable_limit: number | null;
  /** What shipping needs (shipping-table.ts): cool bottles send the parcel cool; a 1,800 ml bottle takes two places in a box. Absent in carts stored before. */
  shipping_type?: "normal" | "cool";
  volume_ml?: number | null;
  /** Consumption tax rate of the item in percent (8 for a reduced-rate item, decision 036); the standard rate when absent (a cart kept before). */
  tax_rate?: number;
  /** 予約商品 (decision 088): the release date (yyyy-mm-dd, Japan) the bottles ship on; absent or null: from stock. */
  ships_on?: string | null;
  /** The product's own point rate in percent (decision 089); null or absent: the member's rate. */
  point_rate?: number | null;
}

export type CartProduct = Omit<CartItem, "amount">;

/** localStorage key of the cart. */
export const CART_STORAGE_KEY = "cart";

function withinLimit(amount: number, limit: number | null): boolean {
  return limit === null || amount <= limit;
}

/** Adds one bottle: a new product starts at 1; an existing one grows by 1 unless it is at its limit. */
export function addToCart(items: CartItem[], product: CartProduct): CartItem[] {
  const existing = items.find((item) => item.id === product.id);
  if (!existing) {
    if (!withinLimit(1, product.buyable_limit)) return items;
    return [...items, { ...product, amount: 1 }];
  }
  if (product.buyable_limit !== null && existing.amount >= product.buyable_limit) return items;
  return items.map((item) => (item.id === product.id ? { ...item, ...product, amount: item.amount + 1 } : item));
}

/**
 * Adds `quantity` bottles at once (the product page's selector): as many `addToCart`s, so the amount
 * stops at the purchase limit rather than being refused.
 */
export function addQuantityToCart(items: CartItem[], product: CartProduct, quantity: number): CartItem[] {
  let result = items;
  const times = Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
  for (let count = 0; count < times; count++) {
    const next = addToCart(result, product);
    if (next === result) break;
    result = next;
  }
  return result;
}

/**
 * Sets an amount: 0 removes the item; any other whole, positive amount applies only when there is
 * no limit or it is within the limit. Anything else (negative, fractional, not a number) changes nothing.
 */
export function updateCartAmount(items: CartItem[], productId: string, amount: number): CartItem[] {
  if (!Number.isInteger(amount) || amount < 0) return items;
  if (amount === 0) return items.filter((item) => item.id !== productId);
  return items.map((item) => (item.id === productId && withinLimit(amount, item.buyable_limit) ? { ...item, amount } : item));
}

export function removeFromCart(items: CartItem[], productId: string): CartItem[] {
  return items.filter((item) => item.id !== productId);
}

/** Sum of amount × tax-included price. */
export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.amount * item.price_include_tax, 0);
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

/** Whether the + button may add another bottle. */
export function canAddMore(item: CartItem): boolean {
  return item.buyable_limit === null || item.amount < item.buyable_limit;
}

/** Parses what a shopper typed into the quantity box; null when it is not a whole number ≥ 0. */
export function parseAmountInput(text: string): number | null {
  const normalized = text.trim().replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (!/^\d{1,4}$/.test(normalized)) return null;
  return Number(normalized);
}

/** The map PUT /api/carts sends (cart.cart_product_ids, product id → amount). */
export function cartProductIds(items: CartItem[]): Record<string, number> {
  return Object.fromEntries(items.map((item) => [item.id, item.amount]));
}
