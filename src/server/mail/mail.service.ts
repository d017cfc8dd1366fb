import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Database } from "../db/client.ts";
import { mailOutboxTable } from "../db/schema/mail.ts";
import { errorSummary } from "../logs/error-log.ts";
import type { TransactionRecordInput } from "../records/transaction-records.ts";
import { recordTransaction } from "../records/transaction-records.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { MailContent } from "./mail-layout.ts";
import { WorkerLoop } from "../worker-loop.ts";
import type { MailboxService } from "./mailbox.service.ts";

/** The part of a pino logger the worker uses; it only ever logs outbox ids, never addresses or bodies. */
export interface MailLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface MailServiceOptions {
  db: Database;
  shopProfiles: ShopProfileService;
  mailbox: MailboxService;
  log: MailLog;
  /** smtp(s)://user:password@host:port; without it mails go to the built-in mailbox. */
  smtpUrl?: string | undefined;
  /** "Name <address>"; defaults to the shop profile's name and e-mail. */
  mailFrom?: string | undefined;
  pollIntervalMs?: number;
}

type OutboxRow = typeof mailOutboxTable.$inferSelect;

interface MailTransporter {
  sendMail(options: SendMailOptions): Promise<unknown>;
  close(): void;
}

const BATCH_SIZE = 10;
/** A claimed mail is left alone this long, so a process that dies mid-send only delays it. */
const LEASE_SECONDS = 600;
export const MAX_ATTEMPTS = 10;

/** Seconds before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

/**
 * A mail that states amounts is a transaction record (電子帳簿保存法 §7, decision 062): the
 * enqueue files it, as the message goes out, beside the outbox row. `sender` is the shop profile's
 * name and address (the From of the mail when MAIL_FROM is not set).
 */
export type MailRecord = Pick<TransactionRecordInput, "kind" | "transactionDate" | "amount" | "counterparty" | "orderRef"> & {
  sender: { name: string; address: string };
};

/** The Message-ID of an outbox row: the same when it is recorded and each time it is sent. */
export function messageIdOf(outboxId: number, from: SendMailOptions["from"]): string {
  const address = typeof from === "string" ? from : from && typeof from === "object" && "address" in from ? from.address : "";
  const domain = /@([^>\s]+)>?\s*$/.exec(address ?? "")?.[1] ?? "kura.invalid";
  return `<kura-mail-${outboxId}@${domain}>`;
}

/** The message as MIME bytes (RFC 5322), composed by nodemailer as its transports compose it. */
export function composedMessage(options: SendMailOptions): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

/**
 * A short reason for the outbox row and the log: the error code, SMTP reply code and message with
 * addresses, links and token-like strings removed (SMTP replies often quote the recipient); a
 * failed query (the built-in mailbox's insert) by its code and table only, never its values.
 */
export function describeFailure(error: unknown): string {
  const fields = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  const { code, text } = errorSummary(error);
  const reply = typeof fields.responseCode === "number" ? ` ${fields.responseCode}` : "";
  return `${code}${reply}: ${text}`.slice(0, 200);
}

/**
 * Outgoing mail through a table of pending mails (the outbox). A mail is written in the same
 * transaction as the change that causes it, so it exists exactly when that change does, and is
 * sent afterwards by a worker: a slow or failing mail server never blocks or breaks a request,
 * and failures are retried with backoff. Several processes may run the worker: rows are claimed
 * with `for update skip locked` and leased, so no mail is sent twice by two processes.
 */
export class MailService {
  readonly usesMailbox: boolean;
  private readonly transporter: MailTransporter;
  private started = false;
  private readonly loop: WorkerLoop;

  constructor(private readonly options: MailServiceOptions) {
    this.loop = new WorkerLoop({
      pass: async () => {
        while ((await this.sendDueBatch()) > 0);
      },
      failed: (error) => this.options.log.error({ error: describeFailure(error) }, "mail outbox failed"),
      stopsBetweenPasses: false,
      kickKeepsProcessAlive: true,
      pollIntervalMs: options.pollIntervalMs,
    });
    this.usesMailbox = !options.smtpUrl;
    this.transporter = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          // Nodemailer waits up to 2 minutes for a connection by default; the lease must outlast a try.
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : nodemailer.createTransport(options.mailbox.transport());
  }

  /**
   * Queues a mail; pass the transaction of the change that causes it (or the db). Never sends
   * inline. With `record`, the message as it is queued (From, To, Date, Message-ID, text and HTML
   * as MIME) is kept as a transaction record in the same transaction; the worker sends it with the
   * same Date and Message-ID. An empty address (a customer without e-mail) queues nothing.
   */
  async enqueue(executor: Database, to: string, content: MailContent, record?: MailRecord): Promise<void> {
    const address = to.trim();
    // An order staff took by phone or FAX for a customer without e-mail (decision 081) has none:
    // nothing to send. Any other address that is not one is a bug, and refused.
    if (address === "") return;
    if (!address.includes("@") || /[\r\n]/.test(address)) throw new Error("A mail needs one recipient address");
    const [row] = await executor
      .insert(mailOutboxTable)
      .values({ to: address, subject: content.subject, text: content.text, html: content.html })
      .returning({ id: mailOutboxTable.id, createdAt: mailOutboxTable.createdAt });
    if (!record || !row) return;
    const from = this.options.mailFrom ?? record.sender;
    const message = await composedMessage({ ...this.message(row, from), to: address, subject: content.subject, text: content.text, html: content.html });
    const { sender: _sender, ...filed } = record;
    await recordTransaction(executor, {
      ...filed,
      sourceKey: `mail:${row.id}`,
      contentType: "message/rfc822",
      fileName: `mail-${row.id}.eml`,
      content: message,
    });
  }

  /** The headers a queued mail keeps from its queueing to every try of sending it. */
  private message(row: { id: number; createdAt: Date }, from: SendMailOptions["from"]): SendMailOptions {
    return { from, date: row.createdAt, messageId: messageIdOf(row.id, from) };
  }

  /** Ask the worker to send due mails soon (call after the causing transaction committed); never throws. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends every due mail now and resolves when done (tests, shutdown). */
  flush(): Promise<void> {
    return this.loop.drain();
  }

  /** Begins polling for due mails (retries, and mails of other processes or of before a restart). */
  start(): void {
    if (this.usesMailbox && !this.started) {
      this.options.log.warn(
        {},
        "SMTP_URL is not set: mails go to the built-in mailbox at /dev/mailbox (on a production build only with DEV_MAILBOX=1, for signed-in staff)",
      );
    }
    this.started = true;
    this.loop.start();
  }

  /** Stops polling and waits for the mail being sent. */
  async stop(): Promise<void> {
    this.started = false;
    await this.loop.stop();
    this.transporter.close();
  }

  /** Sends up to one batch of due mails; returns how many it tried. */
  private async sendDueBatch(): Promise<number> {
    const rows = await this.claimDue();
    if (rows.length === 0) return 0;
    const from = await this.sender();
    for (const row of rows) await this.send(row, from);
    return rows.length;
  }

  /** Claims due rows for this process: counts the attempt and leases the row before sending. */
  private claimDue(): Promise<OutboxRow[]> {
    const outbox = mailOutboxTable;
    return this.options.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), eq(outbox.failed, false), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + ${LEASE_SECONDS}::int * interval '1 second'` })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async send(row: OutboxRow, from: SendMailOptions["from"]): Promise<void> {
    const outbox = mailOutboxTable;
    let failure: unknown;
    try {
      await this.transporter.sendMail({ ...this.message(row, from), to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      failure = error ?? new Error("unknown failure");
    }
    if (failure === undefined) {
      await this.options.db
        .update(outbox)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, row.id));
      this.options.log.info({ mailId: row.id }, "mail sent");
      return;
    }
    const reason = describeFailure(failure);
    const givenUp = row.attempts >= MAX_ATTEMPTS;
    await this.options.db
      .update(outbox)
      .set({
        lastError: reason,
        failed: givenUp,
        nextAttemptAt: sql`now() + ${retryDelaySeconds(row.attempts)}::int * interval '1 second'`,
      })
      .where(eq(outbox.id, row.id));
    this.options.log.warn(
      { mailId: row.id, attempts: row.attempts, error: reason.split(":")[0] },
      givenUp ? "mail failed; giving up" : "mail failed; will retry",
    );
  }

  private async sender(): Promise<SendMailOptions["from"]> {
    if (this.options.mailFrom) return this.options.mailFrom;
    const shop = await this.options.shopProfiles.profile();
    // Japanese is the shop's default language; the display name is the one a customer knows.
    return { name: shop.shopName.ja, address: shop.email };
  }
}
