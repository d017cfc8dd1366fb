/** Limits of the contact form (the API contract's Inquiry), in characters as a reader counts them. */
export const INQUIRY_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The fields of the contact form, in the order the form shows them and the 422 lists them. */
export const INQUIRY_FIELDS = ["name", "email", "subject", "message"] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

export type InquiryInput = Record<InquiryField, string>;
