import type { companyJa } from "./legal-company.ja.ts";

export const companyEn: Record<keyof typeof companyJa, string> = {
  "company.title": "Company Profile",
  "company.description":
    "Company profile of {shop} ({company}): address and contact details, the liquor sales manager sign, our liquor licence and business hours.",
  "company.storeHeading": "Store information",
  "company.shopName": "Shop name",
  "company.companyName": "Company name",
  "company.representative": "Representative",
  "company.address": "Address",
  "company.phone": "Telephone",
  "company.email": "Email",
  "company.managerHeading": "Liquor sales manager",
  "company.managerLead":
    "We display the liquor sales manager sign as required by the Act on Securing of Liquor Tax and on Liquor Business Associations.",
  "company.signTitle": "Liquor Sales Manager Sign",
  "company.signPremises": "Name and location of the sales premises",
  "company.signManager": "Name of the liquor sales manager",
  "company.signTrainingDate": "Date of the liquor sales management training",
  "company.signNextTraining": "Deadline for the next training",
  "company.signTrainingBody": "Training organisation",
  "company.contactHeading": "Contact",
  "company.contactHours": "Inquiry hours",
  "company.inquiryForm": "Inquiry form",
  "company.inquiryFormLink": "Contact us through the form",
  "company.licenceHeading": "Liquor licence",
  "company.licenceType": "Licence type",
  "company.licenceNumber": "Licence number",
  "company.taxOffice": "Issuing tax office",
  "company.hoursHeading": "Business hours",
  "company.businessHours": "Business hours",
  "company.hoursNote":
    "Our online shop takes orders 24 hours a day. Orders are shipped and inquiries answered on business days, in the order received.",
};
