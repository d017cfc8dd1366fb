import type { MemberRankView } from "./member-ranks.ts";
import type { TrainingWarning } from "./liquor-law.ts";
import type { Locale } from "./locale.ts";
import type { StaffResource } from "./staff.ts";

// What the back office's operations routes answer (/admin/api), declared once: the server's services
// build these and the back office's pages read them (decision 032). Types only.

/** A member as the trader sees them (GET /admin/api/members). */
export interface AdminMember {
  id: number;
  email: string;
  user_name: string;
  tel: string;
  locale: Locale;
  created_at: string;
  confirmed: boolean;
  /** A changed address still waiting for its confirmation link. */
  unconfirmed_email: string | null;
  locked: boolean;
  /** When a lock ends by itself (the lock rule's UNLOCK_AFTER_MINUTES), or null. */
  locked_until: string | null;
  failed_attempts: number;
  sign_in_count: number;
  /** The most recent sign-in (Devise's current_sign_in_at). */
  last_sign_in_at: string | null;
  /** The member's rank and purchases over 12 months (decision 090), in the request's language. */
  rank?: MemberRankView | undefined;
}

/** An inquiry in the inbox list. */
export interface AdminInquirySummary {
  id: number;
  created_at: string;
  name: string;
  email: string;
  subject: string;
  locale: Locale;
  handled_at: string | null;
  replies: number;
}

/** One inquiry with its message and the replies sent. */
export interface AdminInquiryDetail extends AdminInquirySummary {
  message: string;
  /** The order asked about (its public id), when the sender gave its number. */
  order_number: string | null;
  member_id: number | null;
  reply_subject: string;
  replies_sent: { id: number; created_at: string; staff_email: string | null; subject: string; message: string }[];
}

/** A back-office account in the owner's staff list. */
export interface StaffListEntry extends StaffResource {
  last_sign_in_at: string | null;
  locked: boolean;
  /** Signs in with a second factor (decision 063). */
  two_factor: boolean;
}

/** The dashboard's figures. */
export interface Dashboard {
  today: { orders: number; sales: number };
  month: { orders: number; sales: number };
  awaiting_deposit: number;
  to_ship: number;
  /** 後払い invoices unpaid past their days to pay (decision 080): orders to chase. */
  overdue_invoices: number;
  low_stock: { id: number; name: string; stock: number }[];
  unhandled_inquiries: number;
  /** Set when the liquor-sales manager's training deadline is near or past. */
  training_deadline: TrainingWarning | null;
}

/** One product's line of the yearly liquor sales report. */
export interface LiquorReportLine {
  product_id: number | null;
  name: string;
  volume_ml: number | null;
  alcohol_percent: string | null;
  bottles: number;
  /** Litres with three decimals; null when the product's volume is not recorded. */
  litres: string | null;
}

/** One kind of liquor in the report. */
export interface LiquorReportGroup {
  liquor_type: string | null;
  label: string;
  bottles: number;
  litres: string;
  /** Bottles whose volume is unknown, so not in `litres`: the trader must fill in the product's volume. */
  bottles_without_volume: number;
  lines: LiquorReportLine[];
}

/** The yearly sales volumes the tax office asks for (酒類の販売数量等報告書). */
export interface LiquorReport {
  fiscal_year: number;
  from: string;
  /** The last day of the fiscal year (31 March). */
  to: string;
  groups: LiquorReportGroup[];
}

/** Where a magazine subscriber stands: double opt-in pending, subscribed, or unsubscribed. */
export type MagazineSubscriberStatus = "subscribed" | "pending" | "unsubscribed";

/** A subscriber of the mail magazine as the back office lists them. */
export interface AdminMagazineSubscriber {
  id: number;
  email: string;
  status: MagazineSubscriberStatus;
  locale: Locale;
  /** Signed up as a member (else a guest's address). */
  member: boolean;
  /** When the address confirmed its opt-in: the proof of consent. */
  consented_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
}

/** GET /admin/api/magazine/subscribers (as JSON): the filtered list, counted over every status. */
export interface AdminMagazineSubscribers {
  data: AdminMagazineSubscriber[];
  meta: { counts: Record<MagazineSubscriberStatus, number> };
}

/** A character of an order B2 Cloud cannot take, in one of its columns, and what the file holds instead. */
export interface B2Substitution {
  /** B2's column name (お届け先名, お届け先住所, …), as the trader finds it in B2 Cloud. */
  field: string;
  original: string;
  substitute: string;
}

/** A row of the B2 Cloud upload the trader should look at before printing. */
export interface B2RowNote {
  /** The order number (お客様管理番号). */
  orderId: string;
  replaced: B2Substitution[];
  /** Address text that fitted in none of B2's address fields ("" when all fitted). */
  leftOver: string;
}

/** GET /admin/api/orders/b2-cloud-check: whether the file can be made, how many parcels, and the rows to look at. */
export interface B2CloudCheck {
  /** False until the settings hold B2's billing codes (the download is refused until then). */
  ready: boolean;
  count: number;
  notes: B2RowNote[];
}
