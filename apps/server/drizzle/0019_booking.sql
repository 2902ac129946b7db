CREATE TABLE "booking_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocks_until" timestamp with time zone NOT NULL,
	"seats" smallint DEFAULT 1 NOT NULL,
	"seats_taken" smallint DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_sessions_kind_check" CHECK ("booking_sessions"."kind" in ('free_lesson', 'consultation')),
	CONSTRAINT "booking_sessions_times_check" CHECK ("booking_sessions"."starts_at" < "booking_sessions"."ends_at" and "booking_sessions"."ends_at" <= "booking_sessions"."blocks_until"),
	CONSTRAINT "booking_sessions_seats_check" CHECK ("booking_sessions"."seats_taken" between 0 and "booking_sessions"."seats")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"lesson_minutes" smallint NOT NULL,
	"buffer_minutes" smallint NOT NULL,
	"booking_notice_minutes" integer NOT NULL,
	"change_notice_minutes" integer NOT NULL,
	"horizon_days" smallint NOT NULL,
	"group_seats" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_lesson_check" CHECK ("booking_settings"."lesson_minutes" between 45 and 60)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"status" text NOT NULL,
	"parent_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"child_name" text NOT NULL,
	"birthdate" date NOT NULL,
	"theme_ids" integer[] DEFAULT '{}' NOT NULL,
	"parent_day" date NOT NULL,
	"interface_language" text NOT NULL,
	"reserved_until" timestamp with time zone,
	"confirm_key_hash" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"reminded_24_at" timestamp with time zone,
	"reminded_1_at" timestamp with time zone,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('reserved', 'confirmed', 'held', 'no_show', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "teacher_availability" (
	"workspace_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"free_lessons" boolean DEFAULT false NOT NULL,
	"consultation_groups" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_availability_workspace_id_teacher_id_pk" PRIMARY KEY("workspace_id","teacher_id")
);
--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_booking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."booking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_sessions_workspace_starts_idx" ON "booking_sessions" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_sessions_teacher_starts_idx" ON "booking_sessions" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_workspace_status_idx" ON "bookings" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "bookings_session_idx" ON "bookings" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_email_day_unique" ON "bookings" USING btree ("workspace_id",lower("email"),"parent_day") WHERE "bookings"."status" in ('reserved', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_child_day_unique" ON "bookings" USING btree ("workspace_id",lower("child_name"),"birthdate","parent_day") WHERE "bookings"."status" in ('reserved', 'confirmed');--> statement-breakpoint
-- By hand (decision 036): drizzle-kit writes no exclusion constraint. Two live sessions of one
-- teacher whose times, each with the buffer after it, overlap are refused by the database itself,
-- whatever two requests do at once.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_no_overlap" EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("starts_at", "blocks_until", '[)') WITH &&) WHERE ("cancelled_at" IS NULL);
