CREATE TABLE "client_diagnosticians" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_diagnosticians_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diagnoses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_version" integer NOT NULL,
	"client_id" integer NOT NULL,
	"filled_by" integer NOT NULL,
	"client_name" text NOT NULL,
	"child_name" text NOT NULL,
	"birthdate" date,
	"diagnosed_on" date NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"block_marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_error" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"public_token" text,
	"link_revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnoses_status_check" CHECK ("diagnoses"."status" in ('draft', 'sent', 'not_sent'))
);
--> statement-breakpoint
CREATE TABLE "diagnostic_card_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diagnostic_card_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diagnostic_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"writer_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostic_cards_status_check" CHECK ("diagnostic_cards"."status" in ('draft', 'published')),
	CONSTRAINT "diagnostic_cards_language_check" CHECK ("diagnostic_cards"."language" in ('uk', 'ru', 'en', 'pl'))
);
--> statement-breakpoint
CREATE TABLE "recommended_program_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommended_program_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"exercise_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommended_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommended_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommended_programs_kind_check" CHECK ("recommended_programs"."kind" in ('program', 'complex'))
);
--> statement-breakpoint
ALTER TABLE "client_diagnosticians" ADD CONSTRAINT "client_diagnosticians_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_diagnosticians" ADD CONSTRAINT "client_diagnosticians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_diagnosticians" ADD CONSTRAINT "client_diagnosticians_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_diagnosticians" ADD CONSTRAINT "client_diagnosticians_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_card_id_diagnostic_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."diagnostic_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_filled_by_users_id_fk" FOREIGN KEY ("filled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_card_versions" ADD CONSTRAINT "diagnostic_card_versions_card_id_diagnostic_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."diagnostic_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_card_versions" ADD CONSTRAINT "diagnostic_card_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_cards" ADD CONSTRAINT "diagnostic_cards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_cards" ADD CONSTRAINT "diagnostic_cards_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommended_program_items" ADD CONSTRAINT "recommended_program_items_program_id_recommended_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."recommended_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommended_program_items" ADD CONSTRAINT "recommended_program_items_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommended_programs" ADD CONSTRAINT "recommended_programs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommended_programs" ADD CONSTRAINT "recommended_programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_diagnosticians_user_idx" ON "client_diagnosticians" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "diagnoses_client_card_idx" ON "diagnoses" USING btree ("client_id","card_id","diagnosed_on");--> statement-breakpoint
CREATE INDEX "diagnoses_workspace_idx" ON "diagnoses" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "diagnoses_card_idx" ON "diagnoses" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnoses_public_token_unique" ON "diagnoses" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_card_versions_unique" ON "diagnostic_card_versions" USING btree ("card_id","version");--> statement-breakpoint
CREATE INDEX "diagnostic_cards_workspace_idx" ON "diagnostic_cards" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommended_program_items_position_unique" ON "recommended_program_items" USING btree ("program_id","position");--> statement-breakpoint
CREATE INDEX "recommended_program_items_exercise_idx" ON "recommended_program_items" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "recommended_programs_workspace_idx" ON "recommended_programs" USING btree ("workspace_id","kind","id");