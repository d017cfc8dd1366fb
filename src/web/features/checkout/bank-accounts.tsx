import { useI18n } from "../../i18n/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import styles from "./checkout.module.css";
import type { BankAccount } from "./use-checkout-reference.ts";
import "../../i18n/checkout-texts.ts";

/** The accounts a bank transfer goes to (bank transfer shows the list of bank accounts). */
export function BankAccounts({ accounts, days }: { accounts: BankAccount[] | undefined | null; days: number }) {
  const { t } = useI18n();
  return (
    <div className={styles.methodDetail} data-testid="bank-accounts">
      <p className={styles.methodNote}>{t("checkout.bankNote", { days })}</p>
      {accounts === undefined ? (
        <p role="status">{t("page.loading")}</p>
      ) : accounts === null ? (
        <Notice tone="danger">{t("checkout.bankFailed")}</Notice>
      ) : (
        <ul className={styles.banks}>
          {accounts.map((account) => (
            <li key={account.id} data-testid="bank-account">
              <dl className={styles.bankDetails}>
                <dt>{t("checkout.bank.financial")}</dt>
                <dd>{account.financial}</dd>
                <dt>{t("checkout.bank.branch")}</dt>
                <dd>{account.branch}</dd>
                <dt>{t("checkout.bank.depositType")}</dt>
                <dd>{account.deposit_type_label ?? account.deposit_type}</dd>
                <dt>{t("checkout.bank.accountNumber")}</dt>
                <dd className={styles.digits}>{account.account_number}</dd>
                <dt>{t("checkout.bank.accountName")}</dt>
                <dd>{account.account_name}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
