import type { Locale } from "../../../domain/locale.ts";

// The answers of the operations routes of /admin/api (src/server/admin/admin-*.service.ts).

export interface Paged<T> {
  data: T[];
  meta: { pagination: { current_page: number; total_page: number; total_count: number } };
}

export interface InquirySummary {
  id: number;
  created_at: string;
  name: string;
  email: string;
  subject: string;
  locale: Locale;
  handled_at: string | null;
  replies: number;
}

export interface InquiryDetail extends InquirySummary {
  message: string;
  member_id: number | null;
  reply_subject: string;
  replies_sent: { id: number; created_at: string; staff_email: string | null; subject: string; message: string }[];
}

export interface Member {
  id: number;
  email: string;
  user_name: string;
  tel: string;
  locale: Locale;
  created_at: string;
  confirmed: boolean;
  unconfirmed_email: string | null;
  locked: boolean;
  locked_until: string | null;
  failed_attempts: number;
  sign_in_count: number;
  last_sign_in_at: string | null;
}

export interface StaffEntry {
  id: number;
  email: string;
  role: "owner" | "staff";
  last_sign_in_at: string | null;
  locked: boolean;
}

export interface ApiFailure {
  errors?: string[];
  fields?: Record<string, string[]>;
}
