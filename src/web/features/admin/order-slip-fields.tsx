import { CARRIER_CODES, CARRIERS } from "../../../domain/carriers.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";

/**
 * The carrier and the slip number a ship or slip-correction form asks (the order's own forms and
 * each parcel's), kept by the form that holds them: it checks the slip before posting.
 */
export function CarrierSlipFields(props: {
  carrier: string;
  onCarrier: (carrier: string) => void;
  slip: string;
  onSlip: (slip: string) => void;
  carrierError?: string | undefined;
  slipError?: string | undefined;
  slipHint?: string;
}) {
  const ta = useAdminText();
  const { locale } = useI18n();
  return (
    <>
      <Select
        label={ta("adminOrder.carrier")}
        name="carrier"
        value={props.carrier}
        onChange={(event) => props.onCarrier(event.target.value)}
        error={props.carrierError}
        options={CARRIER_CODES.map((code) => ({ value: code, label: CARRIERS[code].label[locale] }))}
      />
      <Input
        label={ta("adminOrder.slipNumber")}
        hint={props.slipHint}
        name="slip_number"
        value={props.slip}
        onChange={(event) => props.onSlip(event.target.value)}
        maxLength={40}
        autoComplete="off"
        inputMode="text"
        error={props.slipError}
        required
      />
    </>
  );
}
