CREATE TABLE "call_agents" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"url" text,
	"token" text,
	"timeout_seconds" smallint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_agents_timeout_check" CHECK ("call_agents"."timeout_seconds" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "call_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"source" text NOT NULL,
	"client_id" integer,
	"phone" text NOT NULL,
	"window" text NOT NULL,
	"time_zone" text NOT NULL,
	"child_name" text,
	"language" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attempt_started_at" timestamp with time zone,
	"reason" text,
	"detail" text,
	"agent_call_id" text,
	"ip" text,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_requests_status_check" CHECK ("call_requests"."status" in ('waiting', 'requested', 'started', 'failed', 'done'))
);
--> statement-breakpoint
CREATE TABLE "family_dashboards" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_to" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_contacts" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merch_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merch_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sizes" text[] DEFAULT '{}' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merch_offers_kind_check" CHECK ("merch_offers"."kind" in ('tshirt', 'hoodie', 'sweatshirt', 'mug')),
	CONSTRAINT "merch_offers_price_check" CHECK ("merch_offers"."price_cents" > 0),
	CONSTRAINT "merch_offers_currency_check" CHECK ("merch_offers"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "merch_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merch_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"client_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"size" text,
	"quantity" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merch_orders_quantity_check" CHECK ("merch_orders"."quantity" between 1 and 20),
	CONSTRAINT "merch_orders_status_check" CHECK ("merch_orders"."status" in ('new', 'in_progress', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "practice_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"exercise_ids" integer[],
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_tries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_tries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_tries_outcome_check" CHECK ("practice_tries"."outcome" in ('right', 'helped', 'not_yet'))
);
--> statement-breakpoint
CREATE TABLE "referral_bookings" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"referrer_client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer
);
--> statement-breakpoint
CREATE TABLE "referral_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on" date,
	"sessions" integer,
	"note" text DEFAULT '' NOT NULL,
	"removes_entry_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_entries_kind_check" CHECK ("referral_entries"."kind" in ('renewal', 'payment', 'removal', 'grant', 'cancel')),
	CONSTRAINT "referral_entries_shape_check" CHECK (("referral_entries"."kind" in ('renewal', 'payment') and "referral_entries"."on" is not null)
        or ("referral_entries"."kind" = 'removal' and "referral_entries"."removes_entry_id" is not null)
        or ("referral_entries"."kind" in ('grant', 'cancel') and "referral_entries"."sessions" > 0))
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"referred_client_id" integer NOT NULL,
	"referrer_client_id" integer NOT NULL,
	"booking_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_links_not_self" CHECK ("referral_links"."referred_client_id" <> "referral_links"."referrer_client_id")
);
--> statement-breakpoint
ALTER TABLE "call_agents" ADD CONSTRAINT "call_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_agents" ADD CONSTRAINT "call_agents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_dashboards" ADD CONSTRAINT "family_dashboards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_dashboards" ADD CONSTRAINT "family_dashboards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_contacts" ADD CONSTRAINT "school_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_offers" ADD CONSTRAINT "merch_offers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_offer_id_merch_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."merch_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_assignment_id_practice_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."practice_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bookings" ADD CONSTRAINT "referral_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bookings" ADD CONSTRAINT "referral_bookings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bookings" ADD CONSTRAINT "referral_bookings_referrer_client_id_clients_id_fk" FOREIGN KEY ("referrer_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_entries" ADD CONSTRAINT "referral_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_entries" ADD CONSTRAINT "referral_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_entries" ADD CONSTRAINT "referral_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_referred_client_id_clients_id_fk" FOREIGN KEY ("referred_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_referrer_client_id_clients_id_fk" FOREIGN KEY ("referrer_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_requests_open_phone_key" ON "call_requests" USING btree ("workspace_id","phone") WHERE "call_requests"."status" in ('waiting', 'requested', 'started', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "call_requests_idempotency_key" ON "call_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "call_requests_workspace_status_idx" ON "call_requests" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "call_requests_due_idx" ON "call_requests" USING btree ("next_attempt_at") WHERE "call_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "merch_offers_workspace_idx" ON "merch_offers" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "merch_orders_workspace_status_idx" ON "merch_orders" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_assignments_live_lesson_unique" ON "practice_assignments" USING btree ("lesson_id") WHERE "practice_assignments"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "practice_assignments_client_idx" ON "practice_assignments" USING btree ("workspace_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_tries_key_unique" ON "practice_tries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "practice_tries_assignment_idx" ON "practice_tries" USING btree ("assignment_id","exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_unique" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_live_unique" ON "referral_codes" USING btree ("client_id") WHERE "referral_codes"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "referral_entries_workspace_idx" ON "referral_entries" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "referral_entries_client_idx" ON "referral_entries" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_entries_removes_unique" ON "referral_entries" USING btree ("removes_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_referred_unique" ON "referral_links" USING btree ("referred_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_booking_unique" ON "referral_links" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "referral_links_workspace_idx" ON "referral_links" USING btree ("workspace_id");