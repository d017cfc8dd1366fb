// The answers of the operations routes of /admin/api: the server's own types (src/domain/back-office.ts).

export type {
  AdminInquiryDetail as InquiryDetail,
  AdminInquirySummary as InquirySummary,
  AdminMember as Member,
  StaffListEntry as StaffEntry,
} from "../../../domain/back-office.ts";

export interface Paged<T> {
  data: T[];
  meta: { pagination: { current_page: number; total_page: number; total_count: number } };
}

export interface ApiFailure {
  errors?: string[];
  fields?: Record<string, string[]>;
}
