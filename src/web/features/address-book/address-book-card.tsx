import { useId } from "react";
import type { ReactNode } from "react";
import { DEFAULT_COUNTRY, addressLine, displayZip } from "../../../domain/address.ts";
import type { AddressResource } from "../../../domain/address.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import styles from "./address-book.module.css";
import "../../i18n/address-book-texts.ts";

/**
 * One address as the list shows it: the person's name with 様, the postcode with 〒, the address in
 * one line with its prefecture (as the slip is written), the country abroad, and the phone.
 */
export function AddressBookCard({
  name,
  phone,
  address,
  isDefault = false,
  actions,
  testId,
}: {
  name: string;
  phone: string;
  address: AddressResource;
  isDefault?: boolean;
  actions: ReactNode;
  testId?: string;
}) {
  const { t } = useI18n();
  const nameId = useId();
  return (
    <article className={`${styles.card} ${isDefault ? styles.defaultCard : ""}`} aria-labelledby={nameId} data-testid={testId}>
      <div className={styles.cardHead}>
        <h3 id={nameId} className={styles.name}>
          {/* The member's own address before they have given their name in the profile. */}
          {name ? t("addressBook.honorific", { name }) : t("addressBook.ownAddress")}
        </h3>
        {isDefault && <Badge tone="wine">{t("addressBook.defaultBadge")}</Badge>}
      </div>
      <p className={styles.lines}>
        <span className="visually-hidden">{t("addressBook.address")} </span>
        <span className={styles.line}>{displayZip(address.country, address.zip)}</span>
        <span className={styles.line}>
          {addressLine(address)}
          {address.building_name ? ` ${address.building_name}` : ""}
        </span>
        {address.country !== DEFAULT_COUNTRY && <span className={styles.line}>{address.country_name}</span>}
      </p>
      {phone && (
        <p className={styles.phone}>
          {t("addressBook.phone")} {phone}
        </p>
      )}
      <div className={styles.actions}>{actions}</div>
    </article>
  );
}
