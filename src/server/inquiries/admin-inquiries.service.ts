import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { inquiryRepliesTable } from "../db/schema/inquiries.ts";
import { staffEmailsOf } from "../admin/staff-directory.ts";
import { DomainError } from "../../domain/errors.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { defaultReplySubject, inquiryReplyMail } from "./inquiry-reply.mails.ts";
import type { AdminInquiryDetail, AdminInquirySummary } from "../../domain/back-office.ts";
import { pagination, withPage } from "../db/paging.ts";
import { anyContains } from "../db/search.ts";

export const ADMIN_INQUIRIES_PER_PAGE = 20;
export const INQUIRY_STATES = ["unhandled", "handled", "all"] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];

type InquiryRow = typeof inquiriesTable.$inferSelect;

const replyCount = sql<number>`(select count(*)::int from ${inquiryRepliesTable} where ${inquiryRepliesTable.inquiryId} = ${inquiriesTable.id})`;

function summaryOf(row: InquiryRow, replies: number): AdminInquirySummary {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    subject: row.subject,
    locale: row.locale,
    handled_at: row.handledAt?.toISOString() ?? null,
    replies: Number(replies),
  };
}

/**
 * The inquiry inbox of the back office: unhandled first, handled/unhandled marks, and answers
 * mailed to the sender through the outbox in the same transaction as the stored reply, so a reply
 * is never shown as sent without its mail nor mailed without being kept.
 */
export class AdminInquiriesService {
  constructor(
    private readonly db: Database,
    private readonly deps: { mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async list(filters: { state: InquiryState; q?: string | undefined; page: number }) {
    const conditions: SQL[] = [];
    if (filters.state === "unhandled") conditions.push(isNull(inquiriesTable.handledAt));
    if (filters.state === "handled") conditions.push(isNotNull(inquiriesTable.handledAt));
    const q = filters.q?.trim();
    if (q) conditions.push(anyContains(q, [inquiriesTable.name, inquiriesTable.email, inquiriesTable.subject]));
    const where = and(...conditions);
    const totalCount = await this.db.$count(inquiriesTable, where);
    const rows = await withPage(
      this.db
        .select({ inquiry: inquiriesTable, replies: replyCount })
        .from(inquiriesTable)
        .where(where)
        // Unhandled first (the work to do), newest first within each.
        .orderBy(sql`${inquiriesTable.handledAt} is null desc`, desc(inquiriesTable.createdAt), desc(inquiriesTable.id))
        .$dynamic(),
      filters.page,
      ADMIN_INQUIRIES_PER_PAGE,
    );
    return {
      data: rows.map((row) => summaryOf(row.inquiry, row.replies)),
      meta: { pagination: pagination(filters.page, totalCount, ADMIN_INQUIRIES_PER_PAGE) },
    };
  }

  async detail(id: number): Promise<AdminInquiryDetail> {
    const inquiry = await this.mustFind(id);
    const replies = await this.db
      .select()
      .from(inquiryRepliesTable)
      .where(eq(inquiryRepliesTable.inquiryId, id))
      .orderBy(asc(inquiryRepliesTable.createdAt), asc(inquiryRepliesTable.id));
    // Who sent each reply, through the back office's staff directory (a deleted member: null).
    const staffEmails = await staffEmailsOf(
      this.db,
      replies.flatMap((reply) => (reply.staffId === null ? [] : [reply.staffId])),
    );
    return {
      ...summaryOf(inquiry, replies.length),
      message: inquiry.message,
      order_number: inquiry.orderNumber,
      member_id: inquiry.userId,
      reply_subject: defaultReplySubject(inquiry),
      replies_sent: replies.map((reply) => ({
        id: reply.id,
        created_at: reply.createdAt.toISOString(),
        staff_email: reply.staffId === null ? null : (staffEmails.get(reply.staffId) ?? null),
        subject: reply.subject,
        message: reply.message,
      })),
    };
  }

  /** Marks the inquiry handled (now) or back to unhandled; doing it twice changes nothing. */
  async setHandled(id: number, handled: boolean, now = new Date()): Promise<AdminInquiryDetail> {
    await this.mustFind(id);
    await this.db
      .update(inquiriesTable)
      .set({ handledAt: handled ? now : null })
      .where(and(eq(inquiriesTable.id, id), handled ? isNull(inquiriesTable.handledAt) : isNotNull(inquiriesTable.handledAt)));
    return this.detail(id);
  }

  async reply(
    id: number,
    reply: { subject?: string | undefined; message: string; mark_handled: boolean },
    context: { staffId: number; locale: Locale },
    now = new Date(),
  ): Promise<AdminInquiryDetail> {
    const inquiry = await this.mustFind(id);
    const input = { subject: reply.subject ?? defaultReplySubject(inquiry), message: reply.message };
    // Read before the transaction: PGlite has one connection, a query beside an open transaction would wait forever.
    const shop = await this.deps.shopProfiles.profile();
    await this.db.transaction(async (tx) => {
      await tx.insert(inquiryRepliesTable).values({ inquiryId: id, staffId: context.staffId, subject: input.subject, message: input.message });
      if (reply.mark_handled && !inquiry.handledAt) await tx.update(inquiriesTable).set({ handledAt: now }).where(eq(inquiriesTable.id, id));
      await this.deps.mail.enqueue(tx, inquiry.email, inquiryReplyMail(shop, this.settings.publicUrl, inquiry, input));
    });
    this.deps.mail.kick();
    return this.detail(id);
  }

  private async mustFind(id: number): Promise<InquiryRow> {
    const [row] = await this.db.select().from(inquiriesTable).where(eq(inquiriesTable.id, id));
    if (!row) throw new DomainError("not-found");
    return row;
  }
}
