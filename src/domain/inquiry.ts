/** Limits of the contact form (the API contract's Inquiry), in characters as a reader counts them. */
export const INQUIRY_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The fields of the contact form, in the order the form shows them and the 422 lists them. */
export const INQUIRY_FIELDS = ["name", "email", "order_number", "subject", "message"] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** `order_number` is the order's public id (12 characters), or "" (or left out) when the sender gave none. */
export type InquiryInput = Record<Exclude<InquiryField, "order_number">, string> & { order_number?: string };
