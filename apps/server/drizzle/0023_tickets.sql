CREATE TABLE "ticket_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"text" text DEFAULT '' NOT NULL,
	"other_ticket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_events_kind_check" CHECK ("ticket_events"."kind" in ('created', 'status', 'comment', 'merged_into', 'merged_from'))
);
--> statement-breakpoint
CREATE TABLE "ticket_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"ticket_id" integer,
	"uploaded_by" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_files_kind_check" CHECK ("ticket_files"."kind" in ('image', 'document'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"description" text NOT NULL,
	"screen" text NOT NULL,
	"role" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"object_kind" text,
	"object_id" integer,
	"slide" integer,
	"place" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"assignee_id" integer,
	"decline_reason" text DEFAULT '' NOT NULL,
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('new', 'in_process', 'done', 'declined', 'archived', 'deleted')),
	CONSTRAINT "tickets_object_check" CHECK (("tickets"."object_kind" is null) = ("tickets"."object_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_files" ADD CONSTRAINT "ticket_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_files" ADD CONSTRAINT "ticket_files_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_files" ADD CONSTRAINT "ticket_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_into_id_tickets_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_files_ticket_idx" ON "ticket_files" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_files_uploader_idx" ON "ticket_files" USING btree ("workspace_id","uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_files_stored_name_key" ON "ticket_files" USING btree ("stored_name");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_reporter_key" ON "tickets" USING btree ("workspace_id","reporter_id","key");--> statement-breakpoint
CREATE INDEX "tickets_workspace_status_idx" ON "tickets" USING btree ("workspace_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_object_idx" ON "tickets" USING btree ("workspace_id","object_kind","object_id");--> statement-breakpoint
CREATE INDEX "tickets_merged_into_idx" ON "tickets" USING btree ("merged_into_id");