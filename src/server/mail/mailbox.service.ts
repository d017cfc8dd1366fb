import { desc, eq, sql } from "drizzle-orm";
import type { Transport } from "nodemailer";
import type { Database } from "../db/client.ts";
import { mailboxTable } from "../db/schema/mail.ts";

/** A mail the shop "sent" while no SMTP server is configured. */
export type MailboxMessage = typeof mailboxTable.$inferSelect;

interface MailboxSentInfo {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  mailboxId: number;
}

/** "Name <address>" of a nodemailer address field, as a mail client would show it. */
function displayAddress(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "address" in value) {
    const { name, address } = value as { name?: string; address: string };
    return name ? `${name} <${address}>` : address;
  }
  return "";
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * The built-in mailbox: stores what the shop sends in the `mailbox` table. Tests read it to follow
 * confirmation links, and /dev/mailbox shows it while no SMTP server is configured.
 */
export class MailboxService {
  constructor(private readonly db: Database) {}

  /** Newest first; `to` matches the recipient address case-insensitively. */
  async list(options: { to?: string; limit?: number } = {}): Promise<MailboxMessage[]> {
    const query = this.db.select().from(mailboxTable);
    const filtered = options.to ? query.where(sql`lower(${mailboxTable.to}) = ${options.to.trim().toLowerCase()}`) : query;
    return filtered.orderBy(desc(mailboxTable.createdAt), desc(mailboxTable.id)).limit(options.limit ?? 100);
  }

  async find(id: number): Promise<MailboxMessage | undefined> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
    const [row] = await this.db.select().from(mailboxTable).where(eq(mailboxTable.id, id));
    return row;
  }

  async clear(): Promise<void> {
    await this.db.delete(mailboxTable);
  }

  /**
   * A nodemailer transport that files each message in the mailbox, so the outbox worker sends
   * through one code path (`sendMail`) whether an SMTP server is configured or not.
   */
  transport(): Transport<MailboxSentInfo> {
    return {
      name: "kura-mailbox",
      version: "1",
      send: (mail, callback) => {
        const envelope = mail.message.getEnvelope();
        this.db
          .insert(mailboxTable)
          .values({
            to: envelope.to.join(", "),
            from: displayAddress(mail.data.from) || envelope.from || "",
            subject: textOf(mail.data.subject),
            text: textOf(mail.data.text),
            html: textOf(mail.data.html),
          })
          .returning({ id: mailboxTable.id })
          .then(
            ([row]) => callback(null, { envelope, messageId: mail.message.messageId(), mailboxId: row!.id }),
            (error: Error) => callback(error, undefined as unknown as MailboxSentInfo),
          );
      },
    };
  }
}

/** Every web address in a mail's text body, in order (tests follow confirmation links with it). */
export function linksIn(message: Pick<MailboxMessage, "text">): string[] {
  return message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
