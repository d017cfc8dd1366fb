import { useState } from "react";
import { Checkbox, Textarea } from "../../ui/field.tsx";
import styles from "./admin.module.css";
import { AdminSection } from "./ui/admin-section.tsx";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import { NumberAt, useDraft } from "./settings-draft.tsx";

/**
 * ギフト設定 of /admin/settings: each gift option on or off, and the 表書き the のし offers, one a
 * line (the checkout lists them in this order).
 */
export function GiftSection() {
  const to = useOpsText();
  const { data, errors, set } = useDraft();
  const gift = data.gift;
  const [omotegakiText, setOmotegakiText] = useState(() => gift.omotegaki.join("\n"));
  const problems = Object.entries(errors)
    .filter(([field]) => field.startsWith("gift.omotegaki"))
    .flatMap(([, list]) => list);
  const switches = [
    ["noshi", "settings.giftNoshi"],
    ["wrapping", "settings.giftWrapping"],
    ["messageCard", "settings.giftMessageCard"],
    ["hidePrices", "settings.giftHidePrices"],
  ] as const;
  return (
    <AdminSection id="settings-gift" title={to("settings.gift")} testId="settings-gift">
      <p className={styles.muted}>{to("settings.giftHint")}</p>
      <div className={ops.form}>
        {switches.map(([key, label]) => (
          <Checkbox key={key} label={to(label)} name={`gift.${key}`} checked={gift[key]} onChange={(event) => set(["gift", key], event.target.checked)} />
        ))}
      </div>
      <NumberAt path={["gift", "wrappingFee"]} label={to("settings.giftWrappingFee")} />
      <Textarea
        label={to("settings.giftOmotegaki")}
        hint={to("settings.giftOmotegakiHint")}
        name="gift.omotegaki"
        rows={6}
        value={omotegakiText}
        onChange={(event) => {
          setOmotegakiText(event.target.value);
          set(
            ["gift", "omotegaki"],
            event.target.value
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter(Boolean),
          );
        }}
        error={problems.join(" ") || undefined}
      />
    </AdminSection>
  );
}
