import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./payments.module.css";

/** Decision 008: whenever the built-in test gateway takes the cards, the page says so. */
export function TestModeBadge({ config }: { config: PaymentBrowserConfig }) {
  const { t } = useI18n();
  if (config.kind !== "test") return null;
  return (
    <span className={styles.testMode} data-testid="test-mode-badge">
      {t("site.testModeBadge")}
    </span>
  );
}
