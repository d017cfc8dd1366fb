import { useI18n } from "../i18n/i18n.tsx";

/** A yen amount: "1,234 円" / "1,234 JPY", or a product's "価格 1,234円(税込)" with `product`. */
export function Price({ amount, product = false, className }: { amount: number; product?: boolean; className?: string }) {
  const i18n = useI18n();
  return <span className={className}>{product ? i18n.productPrice(amount) : i18n.yen(amount)}</span>;
}
