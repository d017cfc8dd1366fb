import type { OrderRecipient, RecipientInput } from "../../domain/recipient.ts";

/**
 * A checked recipient (the form's snake_case fields) as orders and their parcels keep it: placed at
 * checkout or by staff, and changed before shipping, one copy of the same fields.
 */
export function storedRecipient(recipient: RecipientInput): OrderRecipient {
  return {
    name: recipient.name,
    phone: recipient.phone,
    country: recipient.country,
    zip: recipient.zip,
    prefecture: recipient.prefecture,
    address: recipient.address,
    buildingName: recipient.building_name,
    ...(recipient.kana ? { kana: recipient.kana } : {}),
  };
}
