import type { ComponentProps } from "react";
import { GIVER_NAME_MAX, MESSAGE_CARD_MAX } from "../../../domain/gift.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input, Select, Textarea } from "../../ui/field.tsx";
import "../../i18n/checkout-texts.ts";

/*
 * The gift's own fields, the same at the checkout (typed into the page's state) and on the pages that
 * change an order's gift (a plain form): each with the name the API reads, its label and the length it takes.
 */

type Omitted = "label" | "name" | "hint" | "maxLength";

/** 表書き: the words printed on the のし, one of the trader's list. */
export function OmotegakiSelect({ choices, ...rest }: Omit<ComponentProps<typeof Select>, Omitted | "options"> & { choices: readonly string[] }) {
  const { t } = useI18n();
  return <Select label={t("checkout.giftOmotegaki")} name="gift_omotegaki" options={choices.map((text) => ({ value: text, label: text }))} {...rest} />;
}

/** 名入れ: the giver's name under the 表書き. */
export function GiverNameInput(props: Omit<ComponentProps<typeof Input>, Omitted>) {
  const { t } = useI18n();
  return (
    <Input
      label={t("checkout.giftName")}
      name="gift_name"
      hint={t("checkout.giftNameHint", { max: GIVER_NAME_MAX })}
      maxLength={GIVER_NAME_MAX}
      autoComplete="off"
      {...props}
    />
  );
}

/** The message card's text. */
export function GiftMessageTextarea(props: Omit<ComponentProps<typeof Textarea>, Omitted>) {
  const { t } = useI18n();
  return (
    <Textarea
      label={t("checkout.giftMessage")}
      name="gift_message"
      hint={t("checkout.giftMessageHint", { max: MESSAGE_CARD_MAX })}
      maxLength={MESSAGE_CARD_MAX}
      rows={4}
      {...props}
    />
  );
}
