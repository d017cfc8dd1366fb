import type { privacyJa } from "./legal-privacy.ja.ts";

export const privacyEn: Record<keyof typeof privacyJa, string> = {
  "privacy.title": "Privacy Policy",
  "privacy.description":
    "How {company}, operator of {shop}, handles personal information: purposes of use, security, provision to third parties and disclosure requests.",
  "privacy.intro":
    '{company} (the "Company", "we") recognises the importance of the personal information our customers entrust to us in our online shop "{shop}" (the "Service"). We comply with the Act on the Protection of Personal Information (the "APPI") and other applicable laws and guidelines, and handle personal information properly as set out below.',
  "privacy.collectedHeading": "1. Personal information we collect",
  "privacy.collectedLead": "To provide the Service, we collect the following information by lawful and fair means:",
  "privacy.collectedContact": "Your contact details, such as name, address, telephone number and email address",
  "privacy.collectedDelivery": "The name, address and telephone number of the delivery recipient",
  "privacy.collectedAccount": "Account information given at registration, such as your email address and password",
  "privacy.collectedOrders": "Transaction information, such as order details, payment method and purchase history",
  "privacy.collectedAge": "The date of birth you enter for age verification",
  "privacy.collectedInquiries": "The content of your inquiries and records of how we responded",
  "privacy.collectedAccess": "Access data, such as cookies, IP address, browser type and pages viewed",
  "privacy.purposesHeading": "2. Purposes of use",
  "privacy.purposesLead": "We use personal information only for the following purposes. Before using it for any other purpose, we will obtain your consent.",
  "privacy.purposeOrders": "To accept and confirm orders and to ship and deliver products",
  "privacy.purposePayment": "To bill, confirm payments, issue refunds and carry out other payment procedures",
  "privacy.purposeAge": "To verify age (drinking by persons under 20 is prohibited by law in Japan, and we sell alcohol only to persons aged 20 or over)",
  "privacy.purposeAccount": "To register members, verify their identity and provide member services such as My Page",
  "privacy.purposeSupport": "To answer inquiries and provide other customer support",
  "privacy.purposeMagazine": "To send our mail magazine about new products and campaigns (only to those who have consented; you may unsubscribe at any time)",
  "privacy.purposeImprovement": "To analyse how the Service is used, improve its quality and plan new services",
  "privacy.purposeFraud": "To prevent and deal with fraudulent orders and misuse",
  "privacy.purposeLegal": "To keep the records required by law and fulfil our other legal obligations",
  "privacy.managementHeading": "3. Management of personal information",
  "privacy.managementLead":
    "We strive to keep personal information accurate and up to date, and take the following security measures to prevent its leakage, loss or damage:",
  "privacy.managementOrganization": "We have appointed a person responsible for handling personal information and have set rules for its handling.",
  "privacy.managementStaff":
    "We train our staff in the proper handling of personal information, bind them to confidentiality and supervise them as necessary and appropriate.",
  "privacy.managementTechnical":
    "We use technical measures such as encrypted communication (SSL/TLS), access control, password encryption and protection against unauthorised access.",
  "privacy.managementCards":
    "Credit card numbers are entered into a form provided by our payment processor and sent directly to it; they never pass through our servers and we do not store them.",
  "privacy.managementRetention":
    "Personal information no longer needed for its purposes is deleted without delay once any retention period required by law has passed.",
  "privacy.outsourcingHeading": "4. Outsourcing",
  "privacy.outsourcingLead":
    "To the extent necessary for the purposes of use, we may entrust all or part of the handling of personal information to the businesses below. We choose contractors that handle personal information properly, conclude contracts with them that include confidentiality obligations, and supervise them as necessary and appropriate.",
  "privacy.outsourcingCarriers": "Carriers that deliver our products",
  "privacy.outsourcingPayments": "Payment processors that handle credit card and other payments",
  "privacy.outsourcingSystems": "Providers of information systems such as email delivery and server operation",
  "privacy.outsourcingAbroad": "Where a contractor is located outside Japan, we take the measures required by the APPI.",
  "privacy.thirdPartyHeading": "5. Provision to third parties",
  "privacy.thirdPartyLead": "We do not provide personal information to third parties without your prior consent, except in the following cases:",
  "privacy.thirdPartyLaw": "Where required by law",
  "privacy.thirdPartyLife": "Where necessary to protect a person's life, body or property and it is difficult to obtain your consent",
  "privacy.thirdPartyHealth":
    "Where especially necessary to improve public health or promote the sound growth of children and it is difficult to obtain your consent",
  "privacy.thirdPartyAuthorities":
    "Where necessary to cooperate with a national or local government body, or a party entrusted by one, in carrying out duties prescribed by law, and obtaining your consent would likely hinder those duties",
  "privacy.thirdPartyOther": "Any other case permitted by the APPI or other laws",
  "privacy.thirdPartyNote":
    "Providing personal information to the contractors described above, or in connection with a succession of business by merger or otherwise, is not a provision to a third party.",
  "privacy.requestsHeading": "6. Requests for disclosure, correction, suspension of use, etc.",
  "privacy.requestsLead":
    'If you ask us to notify you of the purposes of use of your retained personal data, to disclose it, to correct, add to or delete it, to stop using or erase it, to stop providing it to third parties, or to disclose records of provision to third parties ("disclosure etc."), we will respond without delay in accordance with the APPI.',
  "privacy.requestsHow":
    "Please send requests for disclosure etc. to the email address of our contact desk below ({email}). We will respond after confirming that the request comes from you or your authorised representative, and may ask for identity documents for this purpose.",
  "privacy.requestsMyPage": "Members can also review and change their registered details on My Page.",
  "privacy.requestsRefusal": "If the law does not allow us to comply with a request, we will explain why.",
  "privacy.cookiesHeading": "7. Cookies and access data",
  "privacy.cookiesUse":
    "The Service uses cookies to keep you signed in, remember your cart and remember the result of the age check, so that the Service is convenient to use. Our cookies contain no information that identifies you, such as your name or address.",
  "privacy.cookiesAccess":
    "To improve the Service and prevent misuse, we also record access data such as IP address, browser type, pages viewed and the date and time of access.",
  "privacy.cookiesDisable":
    "You can disable cookies in your browser settings, but features such as signing in, the cart and purchasing may then be unavailable.",
  "privacy.revisionsHeading": "8. Revisions to this policy",
  "privacy.revisionsText":
    "We may revise this policy when laws change or the Service changes. The revised policy takes effect when it is published on this page. We will announce important changes on the Service.",
  "privacy.contactHeading": "9. Contact desk",
  "privacy.contactLead": "Please address any questions about this policy or about how we handle personal information to the contact desk below.",
  "privacy.contactCompany": "Business operator",
  "privacy.contactRepresentative": "Representative",
  "privacy.contactAddress": "Address",
  "privacy.contactEmail": "Email",
  "privacy.contactHours": "Hours",
  "privacy.enacted": "Enacted on November 1, 2026",
};
