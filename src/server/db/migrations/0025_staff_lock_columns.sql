ALTER TABLE "staff_members" DROP CONSTRAINT "staff_members_failed_attempts_nonnegative";--> statement-breakpoint
ALTER TABLE "staff_members" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "staff_members" DROP COLUMN "locked_at";