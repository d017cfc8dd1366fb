CREATE TABLE "upload_blobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"checksum" text NOT NULL,
	"staff_id" integer,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "upload_blobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "upload_blobs" ADD CONSTRAINT "upload_blobs_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_blobs" ADD CONSTRAINT "upload_blobs_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_blobs_created_idx" ON "upload_blobs" USING btree ("created_at");